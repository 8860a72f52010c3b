import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { countActiveTasks, countRecentTasks, storedBytes } from './repository.js';

export interface SpeechLimits {
  perUserPerMinute: number;
  perIpPerMinute: number;
  demoPerIpPerHour: number;
  activePerUser: number;
  /** What a user's history may keep in storage; a user at or over it must delete before adding. */
  historyBytesPerUser: number;
}

const tooMany = (retryAfterSeconds: number) =>
  new AppError(429, 'Too many requests. Please wait a moment and try again.', 'RATE_LIMITED', {
    'retry-after': String(retryAfterSeconds),
  });

const storageFull = () =>
  new AppError(
    409,
    'Your history has used all of its storage. Delete older generations in History to make room.',
    'HISTORY_STORAGE_FULL',
  );

/**
 * Submission limits, counted from the tasks themselves so every process sees the same numbers:
 * per user and per address per minute, a cap on a user's unfinished tasks, the history's storage
 * allowance, and for the free demo
 * a per-address hourly allowance.
 */
export async function checkSubmissionLimits(
  db: Kysely<Database>,
  limits: SpeechLimits,
  caller: { userId: string | null; ip: string },
): Promise<void> {
  const byAddress = { column: 'client_ip', value: caller.ip } as const;
  if (caller.userId) {
    const byUser = { column: 'user_id', value: caller.userId } as const;
    if ((await countRecentTasks(db, byUser, 60)) >= limits.perUserPerMinute) throw tooMany(60);
    if ((await countActiveTasks(db, caller.userId)) >= limits.activePerUser) throw tooMany(5);
    if ((await countRecentTasks(db, byAddress, 60)) >= limits.perIpPerMinute) throw tooMany(60);
    if ((await storedBytes(db, caller.userId)) >= limits.historyBytesPerUser) throw storageFull();
    return;
  }
  const demoTasks = await countRecentTasks(db, { ...byAddress, anonymousOnly: true }, 3600);
  if (demoTasks >= limits.demoPerIpPerHour) throw tooMany(3600);
}
