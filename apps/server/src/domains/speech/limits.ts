import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { countRecentTasks, submissionCounts } from './repository.js';

export interface SpeechLimits {
  perUserPerMinute: number;
  perIpPerMinute: number;
  demoPerIpPerHour: number;
  activePerUser: number;
  /** What a user's history may keep in storage; a user at or over it must delete before adding. */
  historyBytesPerUser: number;
}

const tooMany = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED').withHeaders({
    'retry-after': String(retryAfterSeconds),
  });

const storageFull = () => new AppError('HISTORY_STORAGE_FULL');

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
  if (caller.userId) {
    // One statement reads every count; the order of the checks below is the order of the answers.
    const counts = await submissionCounts(db, caller.userId, caller.ip, 60);
    if (counts.recentByUser >= limits.perUserPerMinute) throw tooMany(60);
    if (counts.active >= limits.activePerUser) throw tooMany(5);
    if (counts.recentByAddress >= limits.perIpPerMinute) throw tooMany(60);
    if (counts.storedBytes >= limits.historyBytesPerUser) throw storageFull();
    return;
  }
  const demoTasks = await countRecentTasks(db, { column: 'client_ip', value: caller.ip, anonymousOnly: true }, 3600);
  if (demoTasks >= limits.demoPerIpPerHour) throw tooMany(3600);
}
