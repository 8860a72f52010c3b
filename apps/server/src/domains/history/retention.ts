import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { removeStoredFiles } from '../../storage/remove-files.js';
import { inTransaction } from '../../db/unit-of-work.js';
import { dropAbandonedSentenceAudio, expireAudioIn } from '../speech/index.js';

const DAY_MS = 24 * 60 * 60_000;
/** A cached sentence no take uses is kept this long: a render may still be about to use it. */
const ABANDONED_AFTER_MS = DAY_MS;

export interface RetentionDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: FastifyBaseLogger;
  /** Days after which audio is let go; null keeps it for ever (abandoned sentences still go). */
  retentionDays: number | null;
}

/**
 * One pass of the retention job at `now`: the audio of generations finished more than the set
 * days ago is deleted (their records stay, marked expired), batch by batch, and sentences cached
 * by renders that never finished are swept. Answers how many generations lost their audio.
 */
export async function runRetention(deps: RetentionDeps, now: Date): Promise<{ expired: number; files: number }> {
  let expired = 0;
  let files = 0;
  if (deps.retentionDays !== null) {
    const cutoff = new Date(now.getTime() - deps.retentionDays * DAY_MS);
    for (;;) {
      const batch = await inTransaction(deps.db, (trx) => expireAudioIn(trx, cutoff, now));
      if (batch.tasks === 0) break;
      expired += batch.tasks;
      files += await removeStoredFiles(deps.storage, batch.fileKeys, deps.logger);
    }
  }
  const abandoned = await dropAbandonedSentenceAudio(deps.db, new Date(now.getTime() - ABANDONED_AFTER_MS));
  files += await removeStoredFiles(deps.storage, abandoned, deps.logger);
  if (expired > 0 || abandoned.length > 0) deps.logger.info({ expired, files }, 'history retention pass');
  return { expired, files };
}
