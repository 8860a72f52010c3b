import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';

export type SentenceAudioRow = Selectable<Database['sentence_audio']>;

/** The cached sentences among `cacheKeys`, by key. */
export async function findSentenceAudio(
  db: Kysely<Database>,
  cacheKeys: string[],
): Promise<Map<string, SentenceAudioRow>> {
  if (cacheKeys.length === 0) return new Map();
  const rows = await db.selectFrom('sentence_audio').selectAll().where('cache_key', 'in', cacheKeys).execute();
  return new Map(rows.map((row) => [row.cache_key, row]));
}

/**
 * Records a spoken sentence in the cache (its file is stored first). Two renders of the same
 * sentence write the same file under the same key, so the second insert has nothing to add.
 */
export async function saveSentenceAudio(
  db: Kysely<Database>,
  audio: { cacheKey: string; userId: string | null; fileKey: string; durationMs: number; bytes: number },
): Promise<void> {
  await db
    .insertInto('sentence_audio')
    .values({
      cache_key: audio.cacheKey,
      user_id: audio.userId,
      file_key: audio.fileKey,
      duration_ms: audio.durationMs,
      bytes: audio.bytes,
    })
    .onConflict((oc) => oc.column('cache_key').doUpdateSet({ duration_ms: audio.durationMs, bytes: audio.bytes }))
    .execute();
}
