import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/unit-of-work.js';
import { captureHoldIn, releaseHoldIn, settleHoldIn } from '../accounts/index.js';
import {
  claimTask,
  type FirstTake,
  lockSubmitterIn,
  markTaskDoneIn,
  markTaskFailedIn,
  type NewTask,
  newTaskId,
  noteQueued,
  recordTaskIn,
  reportProgress,
  type SpeechTask,
  type TaskFiles,
  touchTask,
} from './repository.js';
import type { TaskFailure } from './task-failure.js';

// A speech task's life, for every caller (the studios' queued tasks, the demo, the public API's
// streams, and projects): create, start and keep alive, then end in one of three ways: complete
// (files kept, the hold captured), fail (the code recorded, the hold released) or end partly (a
// client that left pays for what it was sent). Each end is one unit of work opened here; the
// `...In` forms join a unit the caller opened, and `along` lets a caller add its own step (the
// public API refunds a key's month characters) to the same unit.

/** A caller's own step, run inside the unit of work that ends a task: both commit, or neither. */
export type AlongStep = (trx: Transaction<Database>) => Promise<void>;

/**
 * The first step: the submitter is locked, `admit` (the submission limits) runs after the lock,
 * the credits are held and the task recorded, and `enqueue`, when given, sends the task's job, all
 * in one transaction: they happen together or not at all. A submission costs four statements
 * inside it: the lock, the limits, the hold with the task, and the job.
 */
export async function createTask(
  db: Kysely<Database>,
  input: NewTask,
  admit: (trx: Transaction<Database>) => Promise<void>,
  enqueue?: { jobId: string; send: (trx: Transaction<Database>, taskId: string) => Promise<void> },
): Promise<{ taskId: string }> {
  const taskId = newTaskId();
  const submitter = input.userId ? `user:${input.userId}` : `ip:${input.clientIp ?? ''}`;
  const queuedAt = await inTransaction(db, async (trx) => {
    const startedAt = await lockSubmitterIn(trx, submitter);
    await admit(trx);
    await recordTaskIn(trx, taskId, input, enqueue?.jobId);
    await enqueue?.send(trx, taskId);
    return startedAt;
  });
  // A task the public API renders at once never waits in the line.
  if (!input.apiKeyId && queuedAt) noteQueued(db, { id: taskId, queuedAt });
  return { taskId };
}

/**
 * A worker takes a queued task (or one whose worker stopped beating for `staleSeconds`): answers
 * it, or undefined when it is not there to take (finished, or alive in another worker).
 */
export function startTask(db: Kysely<Database>, taskId: string, staleSeconds: number): Promise<SpeechTask | undefined> {
  return claimTask(db, taskId, staleSeconds);
}

/**
 * Beats for a running task three times per stale period, so the sweeper never takes a live task
 * for dead. A beat that fails is logged: several in a row and the sweeper will end the task.
 * Answers the function that stops the beating.
 */
export function keepTaskAlive(
  db: Kysely<Database>,
  taskId: string,
  staleSeconds: number,
  logger: FastifyBaseLogger,
): () => void {
  const timer = setInterval(
    () =>
      void touchTask(db, taskId).catch((error: unknown) => {
        logger.warn({ taskId, err: error }, 'speech task heartbeat could not be written');
      }),
    (staleSeconds * 1000) / 3,
  );
  return () => clearInterval(timer);
}

/** Records how far a running task is, without waiting; a write that fails is logged and the render goes on. */
export function reportTaskProgress(
  db: Kysely<Database>,
  taskId: string,
  percent: number,
  logger: FastifyBaseLogger,
): void {
  void reportProgress(db, taskId, percent).catch((error: unknown) => {
    logger.warn({ taskId, err: error }, 'speech task progress could not be written');
  });
}

/**
 * Success, in the caller's unit of work: files recorded, takes kept for the timeline and exactly
 * the held credits spent. False when the task had already ended (a sweeper failed it): nothing changes.
 */
export async function completeTaskIn(
  trx: Transaction<Database>,
  taskId: string,
  files: TaskFiles,
  takes: FirstTake[] = [],
): Promise<boolean> {
  const done = await markTaskDoneIn(trx, taskId, files, takes);
  if (!done) return false;
  if (done.holdId) await captureHoldIn(trx, done.holdId);
  return true;
}

/** Success as one unit of work (see completeTaskIn); a second call changes nothing. */
export function completeTask(
  db: Kysely<Database>,
  taskId: string,
  files: TaskFiles,
  takes: FirstTake[] = [],
  along?: AlongStep,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const completed = await completeTaskIn(trx, taskId, files, takes);
    await along?.(trx);
    return completed;
  });
}

/**
 * Failure, cancellation or expiry, in the caller's unit of work: the code and words recorded and
 * the held credits given back. False when the task had already ended.
 */
export async function failTaskIn(trx: Transaction<Database>, taskId: string, failure: TaskFailure): Promise<boolean> {
  const failed = await markTaskFailedIn(trx, taskId, failure);
  if (!failed) return false;
  if (failed.holdId) await releaseHoldIn(trx, failed.holdId);
  return true;
}

/**
 * Failure as one unit of work (see failTaskIn). `along` runs in it whether or not the task was
 * still unfinished: a caller's own bookkeeping (a key's month characters) is due either way.
 */
export function failTask(
  db: Kysely<Database>,
  taskId: string,
  failure: TaskFailure,
  along?: AlongStep,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const failed = await failTaskIn(trx, taskId, failure);
    await along?.(trx);
    return failed;
  });
}

/**
 * Fails a task only while it is still claimed and silent for `staleSeconds`, its credits released
 * with it: a sweeper in another process may have requeued it a moment ago.
 */
export function failStalledTask(
  db: Kysely<Database>,
  taskId: string,
  staleSeconds: number,
  failure: TaskFailure,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const failed = await markTaskFailedIn(trx, taskId, failure, staleSeconds);
    if (!failed) return false;
    if (failed.holdId) await releaseHoldIn(trx, failed.holdId);
    return true;
  });
}

/**
 * A streamed task whose client left part way, in the caller's unit of work: the reason recorded,
 * `spentCredits` (what was delivered, at most the hold) spent and the rest given back.
 */
export async function endTaskPartlyIn(
  trx: Transaction<Database>,
  taskId: string,
  failure: TaskFailure,
  spentCredits: number,
): Promise<boolean> {
  const ended = await markTaskFailedIn(trx, taskId, failure);
  if (!ended) return false;
  if (ended.holdId) await settleHoldIn(trx, ended.holdId, spentCredits);
  return true;
}

/** Ends a task partly as one unit of work (see endTaskPartlyIn); `along` runs in it either way, as for failTask. */
export function endTaskPartly(
  db: Kysely<Database>,
  taskId: string,
  failure: TaskFailure,
  spentCredits: number,
  along?: AlongStep,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const ended = await endTaskPartlyIn(trx, taskId, failure, spentCredits);
    await along?.(trx);
    return ended;
  });
}
