import { AsyncLocalStorage } from 'node:async_hooks';
import { databaseLockWait } from '../metrics/registry.js';
import type { Mutex } from './mutex.js';

export interface LockWaitLimit {
  /** How long a caller may wait for the embedded database before giving up. */
  ms: number;
  /** The error a caller that waited too long gets. */
  tooLong: () => Error;
}

/**
 * Work that would rather fail fast than queue behind a busy embedded database (HTTP reads) runs
 * inside `lockWaitLimit.run(limit, ...)`; everything else (jobs, writes) waits its turn.
 */
export const lockWaitLimit = new AsyncLocalStorage<LockWaitLimit>();

/**
 * Takes the lock, within the caller's wait limit if it has one. A caller that gives up keeps its
 * place in line and hands the lock straight on when its turn comes, so the order stays intact.
 */
export async function acquireWithinLimit(lock: Mutex): Promise<() => void> {
  const limit = lockWaitLimit.getStore();
  const stopTimer = databaseLockWait.startTimer();
  const acquiring = lock.acquire().then((release) => {
    stopTimer();
    return release;
  });
  if (!limit) return acquiring;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(limit.tooLong()), limit.ms);
  });
  try {
    return await Promise.race([acquiring, gaveUp]);
  } catch (error) {
    void acquiring.then((release) => release());
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
