import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';

export type CallbackAttempt = Selectable<Database['callback_deliveries']>;

/** Records one delivery attempt of a task's callback: the receiver's status code, or why none came. */
export async function recordCallbackAttempt(
  db: Kysely<Database>,
  attempt: Pick<Insertable<Database['callback_deliveries']>, 'task_id' | 'url' | 'attempt' | 'status_code' | 'error'>,
): Promise<void> {
  await db.insertInto('callback_deliveries').values(attempt).execute();
}

/** The recorded attempt of this number for a task, if it was made already (a job run twice). */
export async function findCallbackAttempt(
  db: Kysely<Database>,
  taskId: string,
  attempt: number,
): Promise<CallbackAttempt | undefined> {
  return db
    .selectFrom('callback_deliveries')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('attempt', '=', attempt)
    .executeTakeFirst();
}

/** Every attempt made for a task's callback, first to last. */
export async function listCallbackAttempts(db: Kysely<Database>, taskId: string): Promise<CallbackAttempt[]> {
  return db
    .selectFrom('callback_deliveries')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('attempt')
    .orderBy('id')
    .execute();
}
