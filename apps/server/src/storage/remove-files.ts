import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from './file-storage.js';

/**
 * Deletes files whose record is already gone or never came to be. A delete that fails does not fail
 * the work that freed the file (the user's delete or the retention pass has happened), but the file
 * is now an orphan taking space: the log names each key left behind, so an operator can remove it.
 * Resolves with how many were deleted.
 */
export async function removeStoredFiles(
  storage: FileStorage,
  keys: readonly (string | null)[],
  logger: FastifyBaseLogger,
): Promise<number> {
  const present = keys.filter((key): key is string => key !== null);
  const outcomes = await Promise.allSettled(present.map((key) => storage.delete(key)));
  const leftBehind = present.filter((_, index) => outcomes[index]?.status === 'rejected');
  if (leftBehind.length > 0) {
    const firstFailure = outcomes.find((outcome) => outcome.status === 'rejected');
    logger.warn(
      { leftBehind, err: firstFailure?.status === 'rejected' ? firstFailure.reason : undefined },
      'stored files could not be deleted and were left behind',
    );
  }
  return present.length - leftBehind.length;
}
