import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface SuspensionRow {
  suspended_at: Date | null;
  suspended_by: string | null;
}

/**
 * Suspends an account and ends every session it has, in one transaction, so no page the user has
 * open keeps working past the suspension. Sessions are better-auth's rows; ending them here is a
 * delete, as better-auth's own "revoke sessions" is. Undefined when the user has no account.
 */
export async function suspendAccount(
  db: Kysely<Database>,
  userId: string,
  adminName: string,
): Promise<SuspensionRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('user_accounts')
      // A second suspension keeps the first one's time and name.
      .set((eb) => ({
        suspended_at: eb.fn.coalesce('suspended_at', eb.val(new Date())),
        suspended_by: eb.fn.coalesce('suspended_by', eb.val(adminName)),
        updated_at: new Date(),
      }))
      .where('user_id', '=', userId)
      .returning(['suspended_at', 'suspended_by'])
      .executeTakeFirst();
    if (!row) return undefined;
    await trx.deleteFrom('session').where('userId', '=', userId).execute();
    return row;
  });
}

/** Lifts a suspension; undefined when the user has no account. */
export async function reinstateAccount(db: Kysely<Database>, userId: string): Promise<SuspensionRow | undefined> {
  return db
    .updateTable('user_accounts')
    .set({ suspended_at: null, suspended_by: null, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returning(['suspended_at', 'suspended_by'])
    .executeTakeFirst();
}

/** Whether staff have suspended this user's account (a user with no account is not suspended). */
export async function isAccountSuspended(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_accounts')
    .select('suspended_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.suspended_at);
}
