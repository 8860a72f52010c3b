import type { HistorySource } from '@sayso/contract/history';
import type { TaskStatus } from '@sayso/contract/speech';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { captureHoldIn, holdCreditsIn, releaseHoldIn } from '../accounts/index.js';

type TaskRow = Selectable<Database['speech_tasks']>;
export type TakeRow = Selectable<Database['sentence_takes']> & { file_key: string; duration_ms: number };

/** A generation as the history lists it: the task, and what the joins add. */
export interface HistoryRow extends TaskRow {
  cloned_voice_name: string | null;
  api_key_name: string | null;
  /** Credits the generation and its regenerated sentences cost, from the ledger (held ones count). */
  credits_charged: number;
  has_takes: boolean;
}

export interface HistoryFilter {
  q?: string | undefined;
  voice?: string | undefined;
  status?: TaskStatus | undefined;
  source?: HistorySource | undefined;
}

/** The hold reference of a regenerated sentence: `take:<task>:<take>`, next to the task's own `speech:<task>`. */
export const takeHoldReference = (taskId: string, takeId: string) => `take:${taskId}:${takeId}`;

/** `%` and `_` typed by a user are searched for, not used as wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function historyQuery(db: Kysely<Database>, userId: string, filter: HistoryFilter) {
  return (
    db
      .selectFrom('speech_tasks as t')
      .where('t.user_id', '=', userId)
      .$if(Boolean(filter.q), (q) => q.where('t.text', 'ilike', likePattern(filter.q ?? '')))
      .$if(Boolean(filter.voice), (q) => q.where('t.voice_id', '=', filter.voice ?? ''))
      .$if(Boolean(filter.status), (q) => q.where('t.status', '=', filter.status ?? 'done'))
      // The API renders for either studio's catalogue, so its source is the key, not the studio.
      .$if(filter.source === 'api', (q) => q.where('t.api_key_id', 'is not', null))
      .$if(filter.source === 'preset' || filter.source === 'clone', (q) =>
        q.where('t.api_key_id', 'is', null).where('t.provider', '=', filter.source === 'clone' ? 'A' : 'B'),
      )
  );
}

/** One page of a user's generations, newest first, and how many match in all. */
export async function listHistory(
  db: Kysely<Database>,
  userId: string,
  filter: HistoryFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    historyRows(historyQuery(db, userId, filter))
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    historyQuery(db, userId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(numbers), total: Number(count.n) };
}

/** A user's own generation, or undefined for any other (or none). */
export async function findHistoryRow(
  db: Kysely<Database>,
  userId: string,
  taskId: string,
): Promise<HistoryRow | undefined> {
  const row = await historyRows(historyQuery(db, userId, {}).where('t.id', '=', taskId)).executeTakeFirst();
  return row && numbers(row);
}

function historyRows(query: ReturnType<typeof historyQuery>) {
  return query
    .leftJoin('cloned_voices as v', (join) =>
      join.onRef('v.id', '=', 't.voice_id').onRef('v.user_id', '=', 't.user_id'),
    )
    .leftJoin('api_keys as k', 'k.id', 't.api_key_id')
    .selectAll('t')
    .select(['v.voice_name as cloned_voice_name', 'k.name as api_key_name'])
    .select(
      sql<number>`coalesce((
        select -sum(e.amount) from credit_holds h join ledger_entries e on e.reference = h.id and e.asset = 'credits'
        where h.user_id = t.user_id and (h.reference = 'speech:' || t.id or h.reference like 'take:' || t.id || ':%')
      ), 0)`.as('credits_charged'),
    )
    .select(sql<boolean>`exists (select 1 from sentence_takes s where s.task_id = t.id)`.as('has_takes'));
}

// Sums come back as strings from PostgreSQL's numeric type.
const numbers = <Row extends { credits_charged: number | string }>(row: Row): Row => ({
  ...row,
  credits_charged: Number(row.credits_charged),
});

/** The voices a user has generated with (for the filter), most used first. */
export async function historyVoices(
  db: Kysely<Database>,
  userId: string,
): Promise<{ engine: string; voice_id: string; cloned_voice_name: string | null }[]> {
  return db
    .selectFrom('speech_tasks as t')
    .leftJoin('cloned_voices as v', (join) =>
      join.onRef('v.id', '=', 't.voice_id').onRef('v.user_id', '=', 't.user_id'),
    )
    .where('t.user_id', '=', userId)
    .groupBy(['t.engine', 't.voice_id', 'v.voice_name'])
    .select(['t.engine', 't.voice_id', 'v.voice_name as cloned_voice_name'])
    .orderBy(sql`count(*)`, 'desc')
    .limit(100)
    .execute();
}

/** Every take of a task, by position then age, with its audio file. */
export async function listTakes(db: Kysely<Database> | Transaction<Database>, taskId: string): Promise<TakeRow[]> {
  return db
    .selectFrom('sentence_takes as s')
    .innerJoin('sentence_audio as a', 'a.cache_key', 's.cache_key')
    .where('s.task_id', '=', taskId)
    .selectAll('s')
    .select(['a.file_key', 'a.duration_ms'])
    .orderBy('s.position')
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}

/**
 * Removes a finished generation: its row, takes and callback records go, and cached sentences no
 * other take uses. Answers the files to delete, or null when it is not the user's or still running.
 * The ledger is left as it is: its entries name the holds, not the task.
 */
export async function deleteGeneration(
  db: Kysely<Database>,
  userId: string,
  taskId: string,
): Promise<{ fileKeys: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    const cacheKeys = await takeCacheKeys(trx, [taskId]);
    const task = await trx
      .deleteFrom('speech_tasks')
      .where('id', '=', taskId)
      .where('user_id', '=', userId)
      .where('status', 'in', ['done', 'failed'])
      .returning(['audio_key', 'transcript_key'])
      .executeTakeFirst();
    if (!task) return null;
    const orphans = await dropUnusedSentenceAudio(trx, cacheKeys);
    return { fileKeys: [task.audio_key, task.transcript_key, ...orphans].filter((key) => key !== null) };
  });
}

/** The cached sentences behind a task's takes (read before the takes go). */
async function takeCacheKeys(trx: Transaction<Database>, taskIds: string[]): Promise<string[]> {
  if (taskIds.length === 0) return [];
  const rows = await trx
    .selectFrom('sentence_takes')
    .select('cache_key')
    .distinct()
    .where('task_id', 'in', taskIds)
    .execute();
  return rows.map((row) => row.cache_key);
}

/**
 * Of `cacheKeys`, the cached sentences no take refers to any more: their rows go and their files
 * are answered. Only keys a removed take used are looked at, never a sentence a render in progress
 * has just cached and not yet made a take of.
 */
async function dropUnusedSentenceAudio(trx: Transaction<Database>, cacheKeys: string[]): Promise<string[]> {
  if (cacheKeys.length === 0) return [];
  const rows = await trx
    .deleteFrom('sentence_audio as a')
    .where('a.cache_key', 'in', cacheKeys)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sentence_takes as s').select('s.id').whereRef('s.cache_key', '=', 'a.cache_key'))),
    )
    .returning('a.file_key')
    .execute();
  return rows.map((row) => row.file_key);
}

/**
 * Cached sentences that never became a take (their render failed or was cancelled) and are older
 * than `before`, when no render can still be about to use them. Answers their files.
 */
export async function dropAbandonedSentenceAudio(db: Kysely<Database>, before: Date): Promise<string[]> {
  const rows = await db
    .deleteFrom('sentence_audio as a')
    .where('a.created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sentence_takes as s').select('s.id').whereRef('s.cache_key', '=', 'a.cache_key'))),
    )
    .returning('a.file_key')
    .execute();
  return rows.map((row) => row.file_key);
}

/** Holds a regenerated sentence's credits (the balance check is the ledger's). */
export async function holdTakeCredits(
  db: Kysely<Database>,
  userId: string,
  amount: number,
  reference: string,
): Promise<string> {
  return db.transaction().execute(async (trx) => (await holdCreditsIn(trx, userId, amount, reference)).holdId);
}

export async function releaseTakeCredits(db: Kysely<Database>, holdId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await releaseHoldIn(trx, holdId);
  });
}

/** What changes when a sentence's take changes: the take list, the joined files and their revision. */
export interface TakeChange {
  taskId: string;
  /** The revision the new files were built from; the change applies only if it is still current. */
  fromRevision: number;
  newTake?: { id: string; position: number; text: string; seed: number | null; cacheKey: string };
  /** The take to use at its position (the new take, or one picked from the earlier ones). */
  chosenTakeId: string;
  /** Picking a take settles its sentence: the position's other takes are dropped. */
  dropOthers: boolean;
  files: { audioKey: string; transcriptKey: string; durationMs: number; storedBytes: number };
  /** The whole text as the chosen sentences now read. */
  text: string;
  holdId?: string;
}

/**
 * Applies a take change in one transaction: take recorded and chosen, the task pointed at its
 * rebuilt files under the next revision, the sentence's credits captured. Answers the files no
 * longer used, or null when another change got there first (the caller then undoes its own work).
 */
export async function applyTakeChange(
  db: Kysely<Database>,
  change: TakeChange,
): Promise<{ fileKeys: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('speech_tasks')
      .select(['audio_key', 'transcript_key'])
      .where('id', '=', change.taskId)
      .where('revision', '=', change.fromRevision)
      .where('status', '=', 'done')
      .forUpdate()
      .executeTakeFirst();
    if (!before) return null;
    if (change.newTake) {
      const take = change.newTake;
      await trx
        .insertInto('sentence_takes')
        .values({
          id: take.id,
          task_id: change.taskId,
          position: take.position,
          text: take.text,
          seed: take.seed,
          cache_key: take.cacheKey,
          chosen: false,
        })
        .execute();
    }
    const chosen = await trx
      .selectFrom('sentence_takes')
      .select('position')
      .where('id', '=', change.chosenTakeId)
      .where('task_id', '=', change.taskId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('sentence_takes')
      .set({ chosen: false })
      .where('task_id', '=', change.taskId)
      .where('position', '=', chosen.position)
      .execute();
    await trx.updateTable('sentence_takes').set({ chosen: true }).where('id', '=', change.chosenTakeId).execute();
    const dropped: string[] = [];
    if (change.dropOthers) {
      const gone = await trx
        .deleteFrom('sentence_takes')
        .where('task_id', '=', change.taskId)
        .where('position', '=', chosen.position)
        .where('id', '!=', change.chosenTakeId)
        .returning('cache_key')
        .execute();
      dropped.push(...gone.map((take) => take.cache_key));
    }
    await trx
      .updateTable('speech_tasks')
      .set({
        revision: change.fromRevision + 1,
        text: change.text,
        audio_key: change.files.audioKey,
        transcript_key: change.files.transcriptKey,
        duration_ms: Math.round(change.files.durationMs),
        stored_bytes: change.files.storedBytes,
        updated_at: new Date(),
      })
      .where('id', '=', change.taskId)
      .execute();
    if (change.holdId) await captureHoldIn(trx, change.holdId);
    const orphans = await dropUnusedSentenceAudio(trx, dropped);
    const replaced = [before.audio_key, before.transcript_key].filter((key) => key !== null);
    return { fileKeys: [...replaced, ...orphans] };
  });
}

/**
 * Retention: the audio of generations finished before `cutoff` is let go (their takes and any
 * cached sentence only they used), the record stays with `audio_expired_at` set. Claims a batch at
 * a time, so two processes running it never delete the same files twice. Answers the files to delete.
 */
export async function expireAudio(
  db: Kysely<Database>,
  cutoff: Date,
  now: Date,
  batch = 200,
): Promise<{ tasks: number; fileKeys: string[] }> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .selectFrom('speech_tasks')
      .select(['id', 'audio_key'])
      .where('audio_expired_at', 'is', null)
      .where('status', '=', 'done')
      .where('finished_at', '<', cutoff)
      .orderBy('finished_at')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    if (expired.length === 0) return { tasks: 0, fileKeys: [] };
    const ids = expired.map((task) => task.id);
    await trx
      .updateTable('speech_tasks')
      .set({ audio_expired_at: now, audio_key: null, stored_bytes: 0 })
      .where('id', 'in', ids)
      .execute();
    const cacheKeys = await takeCacheKeys(trx, ids);
    await trx.deleteFrom('sentence_takes').where('task_id', 'in', ids).execute();
    const orphans = await dropUnusedSentenceAudio(trx, cacheKeys);
    const audio = expired.map((task) => task.audio_key).filter((key) => key !== null);
    return { tasks: expired.length, fileKeys: [...audio, ...orphans] };
  });
}
