import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/unit-of-work.js';
import { lockSubmitterIn, type NewTask, newTaskId, noteQueued, recordTaskIn } from './repository.js';

/**
 * The first step of a speech task's life, for every caller (the studios, the demo, the public
 * API): the submitter is locked, `admit` (the submission limits) runs after the lock, the credits
 * are held and the task recorded, and `enqueue`, when given, sends the task's job, all in one
 * transaction: they happen together or not at all. A submission costs four statements inside it:
 * the lock, the limits, the hold with the task, and the job.
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
