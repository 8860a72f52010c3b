import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { countActiveTasks } from './tasks.js';

export interface SpeechLimits {
  perUserPerMinute: number;
  perIpPerMinute: number;
  demoPerIpPerHour: number;
  activePerUser: number;
}

const tooMany = (retryAfterSeconds: number) =>
  new AppError(429, 'Too many requests. Please wait a moment and try again.', 'RATE_LIMITED', {
    'retry-after': String(retryAfterSeconds),
  });

async function recentTasks(
  db: Kysely<Database>,
  column: 'user_id' | 'client_ip',
  value: string,
  seconds: number,
  anonymousOnly = false,
): Promise<number> {
  const row = await db
    .selectFrom('speech_tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', value)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .$if(anonymousOnly, (q) => q.where('user_id', 'is', null))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Submission limits, counted from the tasks themselves so every process sees the same numbers:
 * per user and per address per minute, a cap on a user's unfinished tasks, and for the free demo
 * a per-address hourly allowance.
 */
export async function checkSubmissionLimits(
  db: Kysely<Database>,
  limits: SpeechLimits,
  caller: { userId: string | null; ip: string },
): Promise<void> {
  if (caller.userId) {
    if ((await recentTasks(db, 'user_id', caller.userId, 60)) >= limits.perUserPerMinute) throw tooMany(60);
    if ((await countActiveTasks(db, caller.userId)) >= limits.activePerUser) throw tooMany(5);
    if ((await recentTasks(db, 'client_ip', caller.ip, 60)) >= limits.perIpPerMinute) throw tooMany(60);
    return;
  }
  if ((await recentTasks(db, 'client_ip', caller.ip, 3600, true)) >= limits.demoPerIpPerHour) throw tooMany(3600);
}
