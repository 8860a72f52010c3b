import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

// The speech domain owns speech_tasks, sentence_takes and sentence_audio: the history's edits of a
// generation (deleting it, swapping a take, letting its audio expire) are written here, and
// history/service.ts calls them through the domain's index.ts.

/**
 * Removes a finished generation: its row, takes and callback records go, and cached sentences no
 * other take uses. Answers the files to delete, or null when it is not the user's or still running.
 * The ledger is left as it is: its entries name the holds, not the task. In the caller's transaction.
 */
export async function deleteGenerationIn(
  trx: Transaction<Database>,
  userId: string,
  taskId: string,
): Promise<{ fileKeys: string[] } | null> {
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
}

/**
 * Applies a take change in the caller's transaction: take recorded and chosen, the task pointed at
 * its rebuilt files under the next revision. Answers the files no longer used, or null when another
 * change got there first (the caller then undoes its own work). The sentence's credits are the
 * caller's to capture in the same unit of work.
 */
export async function applyTakeChangeIn(
  trx: Transaction<Database>,
  change: TakeChange,
): Promise<{ fileKeys: string[] } | null> {
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
  const orphans = await dropUnusedSentenceAudio(trx, dropped);
  const replaced = [before.audio_key, before.transcript_key].filter((key) => key !== null);
  return { fileKeys: [...replaced, ...orphans] };
}

/**
 * Retention: the audio of generations finished before `cutoff` is let go (their takes and any
 * cached sentence only they used), the record stays with `audio_expired_at` set. Claims a batch at
 * a time (in the caller's transaction, which holds the claim), so two processes running it never
 * delete the same files twice. Answers the files to delete.
 */
export async function expireAudioIn(
  trx: Transaction<Database>,
  cutoff: Date,
  now: Date,
  batch = 200,
): Promise<{ tasks: number; fileKeys: string[] }> {
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
}

/**
 * What a key's limits count, from the tasks themselves so every process sees the same numbers: its
 * speech requests of the last `seconds`, and those still speaking. An API request speaks for 30
 * minutes at most (its deadline) before it ends or the sweeper ends it, so both counts read only
 * the last hour of the key's partial index (api_key_id, created_at) of migration 0010.
 */
export async function countKeyTasks(
  db: Kysely<Database>,
  keyId: string,
  seconds: number,
): Promise<{ recent: number; active: number }> {
  const row = await db
    .selectFrom('speech_tasks')
    .select((eb) => [
      eb.fn
        .countAll<number>()
        .filterWhere('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
        .as('recent'),
      eb.fn.countAll<number>().filterWhere('status', 'in', ['queued', 'processing']).as('active'),
    ])
    .where('api_key_id', '=', keyId)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${Math.max(seconds, 3600)})`)
    .executeTakeFirstOrThrow();
  return { recent: Number(row.recent), active: Number(row.active) };
}
