import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Whose failures count together: a door and an address, and on doors that name one, the account. */
export interface SignInFailureKey {
  door: 'admin' | 'user';
  clientIp: string;
  /** Null counts every failure at the address, whichever account it named. */
  accountKey: string | null;
}

/** When the most recent failures under `key` since `since` happened, newest first, at most `limit`. */
export async function recentSignInFailures(
  db: Kysely<Database>,
  key: SignInFailureKey,
  since: Date,
  limit: number,
): Promise<Date[]> {
  let query = db
    .selectFrom('sign_in_failures')
    .select('failed_at')
    .where('door', '=', key.door)
    .where('client_ip', '=', key.clientIp)
    .where('failed_at', '>', since);
  if (key.accountKey !== null) query = query.where('account_key', '=', key.accountKey);
  const rows = await query.orderBy('failed_at', 'desc').limit(limit).execute();
  return rows.map((row) => row.failed_at);
}

/** Records a failure and forgets every failure older than `forgetBefore`, on any door. */
export async function recordSignInFailure(
  db: Kysely<Database>,
  key: SignInFailureKey,
  forgetBefore: Date,
): Promise<void> {
  await db
    .insertInto('sign_in_failures')
    .values({ door: key.door, client_ip: key.clientIp, account_key: key.accountKey })
    .execute();
  await db.deleteFrom('sign_in_failures').where('failed_at', '<', forgetBefore).execute();
}
