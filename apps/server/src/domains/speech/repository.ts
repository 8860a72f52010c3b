import { randomBytes } from 'node:crypto';
import type { Studio } from '@sayso/contract/site';
import {
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type InferResult,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import { BatchReader } from '../../db/batch-reader.js';
import type { Database, SpeechSettingsJson } from '../../db/schema.js';
import { holdCreditsIn } from '../accounts/index.js';
import { type QueuedTaskKey, QueueOrder } from './queue-order.js';
import type { TaskFailure } from './task-failure.js';

type TaskRow = Selectable<Database['speech_tasks']>;
type StoredStudio = TaskRow['provider'];

/** The `provider` column keeps the spec's letters: A is the clone studio, B the preset studio. */
const STORED: Record<Studio, StoredStudio> = { clone: 'A', preset: 'B' };
const STUDIO_OF: Record<StoredStudio, Studio> = { A: 'clone', B: 'preset' };

/** A speech task as the rest of the server sees it: the stored row, with its studio by name. */
export type SpeechTask = Omit<TaskRow, 'provider'> & { studio: Studio };

const toTask = ({ provider, ...row }: TaskRow): SpeechTask => ({ ...row, studio: STUDIO_OF[provider] });

export interface NewTask {
  /** Null for the anonymous landing-page demo, which is free. */
  userId: string | null;
  studio: Studio;
  engine: string;
  voiceId: string;
  modelId: string | null;
  text: string;
  settings: SpeechSettingsJson;
  /** Credits to hold now and capture on success. */
  cost: number;
  clientIp: string | null;
  /** Set for speech asked for through an API key: the request renders it at once, not a worker. */
  apiKeyId?: string;
}

/**
 * The database's clock, as new tasks get it, cut to what a JavaScript Date holds, so a
 * `queued_at` read back orders exactly as the stored one (the queue position compares them).
 */
const nowToTheMillisecond = () => sql<Date>`date_trunc('milliseconds', now())`;

/** 128 random bits: a demo task is readable by whoever holds its id, so it must not be guessable. */
export const newTaskId = () => randomBytes(16).toString('hex');

/**
 * Locks the submitter (`user:<id>`, or `ip:<address>` for the demo) until the transaction ends,
 * so parallel submissions of one caller are admitted one after another and none slips past a cap.
 * Answers the transaction's start, to the millisecond: the `queued_at` a task recorded in it gets.
 */
export async function lockSubmitterIn(trx: Transaction<Database>, submitter: string): Promise<Date | undefined> {
  // now() is the transaction's start, so this is the `queued_at` the new row's default gives it.
  const { rows } = await sql<{ queued_at: Date }>`
    select pg_advisory_xact_lock(hashtext(${`speech-submit:${submitter}`})), ${nowToTheMillisecond()} as queued_at`.execute(
    trx,
  );
  return rows[0]?.queued_at;
}

/**
 * Records the task with its credits held (one statement with the hold when it costs any), in the
 * caller's transaction. `jobId`, when given, is the job that will render it, sent in the same
 * transaction.
 */
export async function recordTaskIn(
  trx: Transaction<Database>,
  taskId: string,
  input: NewTask,
  jobId?: string,
): Promise<void> {
  const insertTask = (holdId: string | null) =>
    trx.insertInto('speech_tasks').values({
      id: taskId,
      user_id: input.userId,
      provider: STORED[input.studio],
      engine: input.engine,
      voice_id: input.voiceId,
      model_id: input.modelId,
      text: input.text,
      settings: input.settings,
      hold_id: holdId,
      client_ip: input.clientIp,
      ...(jobId ? { job_id: jobId } : {}),
      ...(input.apiKeyId ? { api_key_id: input.apiKeyId, status: 'processing' as const } : {}),
    });
  if (input.userId && input.cost > 0) {
    await holdCreditsIn(trx, input.userId, input.cost, `speech:${taskId}`, insertTask);
  } else {
    await insertTask(null).execute();
  }
}

/** Tells this process's queue order that a task joined the line (after its transaction committed). */
export function noteQueued(db: Kysely<Database>, task: { id: string; queuedAt: Date }): void {
  queueOrderOf(db).queued(task);
}

export async function findTask(db: Kysely<Database>, taskId: string): Promise<SpeechTask | undefined> {
  const row = await db.selectFrom('speech_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
  return row && toTask(row);
}

/**
 * Takes a task for a worker: a queued one, or a processing one whose worker has stopped beating
 * for `staleSeconds` (it died). A task whose worker is alive is never taken twice, so a duplicate
 * job (a queue retry of a long task, say) cannot render it again or pay a provider twice.
 */
export async function claimTask(
  db: Kysely<Database>,
  taskId: string,
  staleSeconds: number,
): Promise<SpeechTask | undefined> {
  const row = await db
    .updateTable('speech_tasks')
    .set({ status: 'processing', updated_at: new Date() })
    .where('id', '=', taskId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([
          eb('status', '=', 'processing'),
          eb('updated_at', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
        ]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  // One fewer waits: the tasks behind it move up at the next poll.
  if (row) queueOrderOf(db).changed();
  return row && toTask(row);
}

export async function reportProgress(db: Kysely<Database>, taskId: string, percent: number): Promise<void> {
  await db
    .updateTable('speech_tasks')
    .set({ progress: Math.max(0, Math.min(99, Math.round(percent))), updated_at: new Date() })
    .where('id', '=', taskId)
    .where('status', '=', 'processing')
    .execute();
}

/** Remembers the provider's job for a task, so a rerun after a crash resumes it. */
export async function saveProviderRef(db: Kysely<Database>, taskId: string, providerRef: string): Promise<void> {
  await db.updateTable('speech_tasks').set({ provider_ref: providerRef }).where('id', '=', taskId).execute();
}

/** A running task's heartbeat: proof its worker is alive even while no progress is visible. */
export async function touchTask(db: Kysely<Database>, taskId: string): Promise<void> {
  await db
    .updateTable('speech_tasks')
    .set({ updated_at: new Date() })
    .where('id', '=', taskId)
    .where('status', '=', 'processing')
    .execute();
}

/** The files a finished task keeps: its joined audio and transcript. */
export interface TaskFiles {
  audioKey: string;
  transcriptKey: string;
  durationMs: number;
  storedBytes?: number;
}

/** A sentence of a finished task as its timeline keeps it: the first take of each position. */
export interface FirstTake {
  id: string;
  position: number;
  text: string;
  seed: number | null;
  cacheKey: string;
}

/**
 * Marks an unfinished task done with its files, and keeps its sentence takes for the timeline, in
 * the caller's transaction. Answers the task's hold (null when it cost nothing), or undefined when
 * the task had already ended: then nothing was written.
 */
export async function markTaskDoneIn(
  trx: Transaction<Database>,
  taskId: string,
  files: TaskFiles,
  takes: FirstTake[],
): Promise<{ holdId: string | null } | undefined> {
  const task = await trx
    .updateTable('speech_tasks')
    .set({
      status: 'done',
      progress: 100,
      error: null,
      audio_key: files.audioKey,
      transcript_key: files.transcriptKey,
      duration_ms: Math.round(files.durationMs),
      stored_bytes: files.storedBytes ?? 0,
      updated_at: new Date(),
      finished_at: new Date(),
    })
    .where('id', '=', taskId)
    .where(unfinished)
    .returning('hold_id')
    .executeTakeFirst();
  if (!task) return undefined;
  if (takes.length > 0) {
    await trx
      .insertInto('sentence_takes')
      .values(
        takes.map((take) => ({
          id: take.id,
          task_id: taskId,
          position: take.position,
          text: take.text,
          seed: take.seed,
          cache_key: take.cacheKey,
          chosen: true,
        })),
      )
      .execute();
  }
  return { holdId: task.hold_id };
}

/**
 * Marks an unfinished task failed with its failure's code and words, in the caller's transaction;
 * with `onlyIfStalledFor`, only while it is still claimed and silent for that many seconds (a
 * sweeper in another process may have requeued it a moment ago, and a requeued task is waiting,
 * not stalled). Answers the task's hold, or undefined when there was no such task to fail.
 */
export async function markTaskFailedIn(
  trx: Transaction<Database>,
  taskId: string,
  failure: TaskFailure,
  onlyIfStalledFor: number | null = null,
): Promise<{ holdId: string | null } | undefined> {
  const task = await trx
    .updateTable('speech_tasks')
    .set({ ...failedColumns(failure), updated_at: new Date(), finished_at: new Date() })
    .where('id', '=', taskId)
    .where(onlyIfStalledFor === null ? unfinished : stalledFor(onlyIfStalledFor))
    .returning('hold_id')
    .executeTakeFirst();
  return task && { holdId: task.hold_id };
}

/** A failed task's columns: its status, and its failure's words and code. */
const failedColumns = (failure: TaskFailure) =>
  ({ status: 'failed', error: failure.message, error_code: failure.code }) as const;

type TaskFilter = (eb: ExpressionBuilder<Database, 'speech_tasks'>) => Expression<SqlBool>;

const unfinished: TaskFilter = (eb) => eb('status', 'in', ['queued', 'processing']);

/** A task a worker claimed and then stopped beating for: its worker is gone. */
const stalledFor =
  (staleSeconds: number): TaskFilter =>
  (eb) =>
    eb.and([
      eb('status', '=', 'processing'),
      eb('updated_at', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
    ]);

/**
 * Claimed tasks whose heartbeat is older than `staleSeconds`. A queued task is never among them:
 * it is waiting for a worker, however long the line, and no worker has it to lose.
 */
export async function stalledTasks(db: Kysely<Database>, staleSeconds: number): Promise<{ id: string }[]> {
  return db.selectFrom('speech_tasks').select(['id']).where(stalledFor(staleSeconds)).execute();
}

const REQUEUED_NOTE = 'requeued after a stalled worker';

/**
 * Puts a stalled task back in the queue (at the back of the line, with no job yet), once: the
 * note left in `error` marks it as requeued, so a second stall finds nothing to update here
 * (false) and the task is failed instead.
 */
export async function requeueStalledTask(db: Kysely<Database>, taskId: string, staleSeconds: number): Promise<boolean> {
  const requeued = await db
    .updateTable('speech_tasks')
    .set({
      status: 'queued',
      updated_at: new Date(),
      queued_at: nowToTheMillisecond(),
      job_id: null,
      error: REQUEUED_NOTE,
    })
    .where('id', '=', taskId)
    .where(stalledFor(staleSeconds))
    .where('error', 'is', null)
    // A request that streamed its speech died with its client's connection: there is no one to
    // render it for, so it is failed (and its credits released) rather than queued again.
    .where('api_key_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (requeued) queueOrderOf(db).changed();
  return requeued !== undefined;
}

/** Records the job sent to run a waiting task, so the sweeper can tell whether it still lives. */
export async function recordTaskJob(db: Kysely<Database>, taskId: string, jobId: string): Promise<void> {
  await db
    .updateTable('speech_tasks')
    .set({ job_id: jobId })
    .where('id', '=', taskId)
    .where('status', '=', 'queued')
    .execute();
}

export interface WaitingTask {
  id: string;
  jobId: string | null;
  queuedAt: Date;
}

/** Tasks that have been waiting in the queue for longer than `seconds`, longest first. */
export async function longWaitingTasks(db: Kysely<Database>, seconds: number): Promise<WaitingTask[]> {
  const rows = await db
    .selectFrom('speech_tasks')
    .select(['id', 'job_id', 'queued_at'])
    .where('status', '=', 'queued')
    .where('queued_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .orderBy('queued_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, jobId: row.job_id, queuedAt: row.queued_at }));
}

/**
 * Moves a waiting task to the back of the line, to be given a new job: true for the one caller
 * that read it at `queuedAt` (two sweepers cannot both send it a job), false if it moved on.
 */
export async function requeueWaitingTask(db: Kysely<Database>, task: WaitingTask): Promise<boolean> {
  const moved = await db
    .updateTable('speech_tasks')
    .set({ queued_at: nowToTheMillisecond(), job_id: null })
    .where('id', '=', task.id)
    .where('status', '=', 'queued')
    // Compared to the millisecond: a JavaScript Date holds no more of what it read.
    .where(sql<Date>`date_trunc('milliseconds', queued_at)`, '=', task.queuedAt)
    .returning('id')
    .executeTakeFirst();
  if (moved) queueOrderOf(db).changed();
  return moved !== undefined;
}

/** The waiting tasks in line order: the partial index on (queued_at, id) of queued tasks holds it. */
async function readQueueLine(db: Kysely<Database>): Promise<QueuedTaskKey[]> {
  const rows = await db
    .selectFrom('speech_tasks')
    .select(['id', 'queued_at'])
    .where('status', '=', 'queued')
    .orderBy('queued_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, queuedAt: row.queued_at }));
}

const queueOrders = new WeakMap<Kysely<Database>, QueueOrder>();

/** One line per database, so every write to the queue through it is seen by the next poll. */
function queueOrderOf(db: Kysely<Database>): QueueOrder {
  let order = queueOrders.get(db);
  if (!order) {
    order = new QueueOrder(() => readQueueLine(db));
    queueOrders.set(db, order);
  }
  return order;
}

/** How many waiting tasks are ahead of this one in the line (null when it is not waiting). */
export async function queuePosition(
  db: Kysely<Database>,
  task: Pick<SpeechTask, 'id' | 'status' | 'queued_at'>,
): Promise<number | null> {
  if (task.status !== 'queued') return null;
  return queueOrderOf(db).positionOf({ id: task.id, queuedAt: task.queued_at });
}

/** What a poll reads of a task: the fields of its view, its owner, and its place in the line. */
export type PolledTask = Pick<
  SpeechTask,
  | 'id'
  | 'user_id'
  | 'status'
  | 'progress'
  | 'error'
  | 'error_code'
  | 'audio_key'
  | 'transcript_key'
  | 'duration_ms'
  | 'voice_id'
  | 'model_id'
  | 'text'
  | 'created_at'
  | 'finished_at'
  | 'queued_at'
>;

function polledTasksQuery(db: Kysely<Database>, taskIds: string[]) {
  return db
    .selectFrom('speech_tasks')
    .select([
      'id',
      'user_id',
      'status',
      'progress',
      'error',
      'error_code',
      'audio_key',
      'transcript_key',
      'duration_ms',
      'voice_id',
      'model_id',
      'text',
      'created_at',
      'finished_at',
      'queued_at',
    ])
    .where(sql<SqlBool>`id = any(${taskIds}::text[])`);
}

type PolledTaskRow = InferResult<ReturnType<typeof polledTasksQuery>>[number];

/** Stands for the ids while the poll's statement is compiled, so its parameter can be found. */
const TASK_IDS_SLOT = ['\u0000task ids'];
const pollStatements = new WeakMap<Kysely<Database>, CompiledQuery<PolledTaskRow>>();

/** The poll's statement, built and compiled once per database: polls are the busiest route. */
function pollStatement(db: Kysely<Database>, taskIds: string[]): CompiledQuery<PolledTaskRow> {
  let compiled = pollStatements.get(db);
  if (!compiled) {
    compiled = polledTasksQuery(db, TASK_IDS_SLOT).compile();
    if (compiled.parameters.filter((value) => value === TASK_IDS_SLOT).length !== 1) {
      throw new Error('the poll statement must take the task ids exactly once');
    }
    pollStatements.set(db, compiled);
  }
  return { ...compiled, parameters: compiled.parameters.map((value) => (value === TASK_IDS_SLOT ? taskIds : value)) };
}

const pollReaders = new WeakMap<Kysely<Database>, BatchReader<PolledTaskRow>>();

/**
 * What a poll reads of a task, by primary key: the poll route's only statement once its session
 * is cached (issue 15), shared by the polls of one turn of the event loop. It reads the task's
 * current state every time; only the statement's text is reused. Its place in the line comes
 * from `queuePosition`, which shares one read of the line.
 */
export function findPolledTask(db: Kysely<Database>, taskId: string): Promise<PolledTask | undefined> {
  let reader = pollReaders.get(db);
  if (!reader) {
    reader = new BatchReader(async (taskIds) => (await db.executeQuery(pollStatement(db, taskIds))).rows);
    pollReaders.set(db, reader);
  }
  return reader.read(taskId);
}

export async function listUserTasks(db: Kysely<Database>, userId: string, limit = 50): Promise<SpeechTask[]> {
  const rows = await db
    .selectFrom('speech_tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toTask);
}

export async function countActiveTasks(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('speech_tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'processing'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tasks waiting in line for a worker, everyone's (the queue depth /metrics reports). */
export async function countQueuedTasks(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('speech_tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'queued')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Tasks created in the last `seconds` by a user or from an address; `anonymousOnly` counts only
 * the address's demo tasks (those of no user).
 */
export async function countRecentTasks(
  db: Kysely<Database>,
  by: { column: 'user_id' | 'client_ip'; value: string; anonymousOnly?: boolean },
  seconds: number,
): Promise<number> {
  const row = await db
    .selectFrom('speech_tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(by.column, '=', by.value)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .$if(by.anonymousOnly === true, (q) => q.where('user_id', 'is', null))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface SubmissionCounts {
  /** The user's studio tasks of the last `seconds` (API tasks are the key's to count). */
  recentByUser: number;
  /** The user's unfinished studio tasks. */
  active: number;
  /** Studio tasks from the address in the last `seconds`, anyone's. */
  recentByAddress: number;
  /** What the user's history keeps in storage, as storedBytes counts it. */
  storedBytes: number;
}

/**
 * Everything a signed-in submission is limited by, in one statement (the submission path is hot:
 * issue 15). Each count uses an index: (user_id, created_at) for the user's, (client_ip,
 * created_at) for the address's (migration 0012).
 *
 * The rate and unfinished counts leave out public API tasks (those with a key): the API has its own
 * per-key limits, and a script using a key must not lock its owner out of the studios (issue 38).
 * Storage counts them: their audio sits in the same history.
 */
export async function submissionCounts(
  db: Kysely<Database>,
  userId: string,
  clientIp: string,
  seconds: number,
): Promise<SubmissionCounts> {
  const since = sql<Date>`now() - make_interval(secs => ${seconds})`;
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('speech_tasks')
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .where('api_key_id', 'is', null)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('recent_by_user'),
      eb
        .selectFrom('speech_tasks')
        .where('user_id', '=', userId)
        .where('status', 'in', ['queued', 'processing'])
        .where('api_key_id', 'is', null)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('active'),
      eb
        .selectFrom('speech_tasks')
        .where('client_ip', '=', clientIp)
        .where('created_at', '>', since)
        .where('api_key_id', 'is', null)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('recent_by_address'),
      eb
        .selectFrom('speech_tasks')
        .where('user_id', '=', userId)
        .select(sql<string>`coalesce(sum(stored_bytes), 0)`.as('n'))
        .as('task_bytes'),
      eb
        .selectFrom('sentence_audio')
        .where('user_id', '=', userId)
        .select(sql<string>`coalesce(sum(bytes), 0)`.as('n'))
        .as('sentence_bytes'),
    ])
    .executeTakeFirstOrThrow();
  return {
    recentByUser: Number(row.recent_by_user),
    active: Number(row.active),
    recentByAddress: Number(row.recent_by_address),
    storedBytes: Number(row.task_bytes) + Number(row.sentence_bytes),
  };
}

/** Bytes a user's history keeps in storage: joined files and sentence takes. */
export async function storedBytes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('speech_tasks')
        .where('user_id', '=', userId)
        .select(sql<string>`coalesce(sum(stored_bytes), 0)`.as('n'))
        .as('tasks'),
      eb
        .selectFrom('sentence_audio')
        .where('user_id', '=', userId)
        .select(sql<string>`coalesce(sum(bytes), 0)`.as('n'))
        .as('sentences'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.tasks) + Number(row.sentences);
}
