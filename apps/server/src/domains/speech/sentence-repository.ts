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

export interface SentenceAudio {
  cacheKey: string;
  userId: string | null;
  fileKey: string;
  durationMs: number;
  bytes: number;
}

/**
 * Records spoken sentences in the cache (their files are stored first), in one statement: on the
 * embedded database each statement is a commit on the API's thread, and a batch of eSpeak
 * sentences arrives at once. Two renders of the same sentence write the same file under the same
 * key, so the second insert has nothing to add.
 */
export async function saveSentenceAudio(db: Kysely<Database>, audios: SentenceAudio[]): Promise<void> {
  // A text may say the same sentence twice; one statement may not touch a row twice.
  const byKey = new Map(audios.map((audio) => [audio.cacheKey, audio]));
  if (byKey.size === 0) return;
  await db
    .insertInto('sentence_audio')
    .values(
      [...byKey.values()].map((audio) => ({
        cache_key: audio.cacheKey,
        user_id: audio.userId,
        file_key: audio.fileKey,
        duration_ms: audio.durationMs,
        bytes: audio.bytes,
      })),
    )
    .onConflict((oc) =>
      oc.column('cache_key').doUpdateSet((eb) => ({
        duration_ms: eb.ref('excluded.duration_ms'),
        bytes: eb.ref('excluded.bytes'),
      })),
    )
    .execute();
}
