import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { applyMovement } from './ledger-repository.js';

/**
 * Gives a user their account if they have none: zero of everything, then `grant` credits through
 * the ledger, in one transaction. Returns true when it created one.
 */
export async function createAccount(db: Kysely<Database>, userId: string, grant: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('user_accounts')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await applyMovement(trx, {
      userId,
      asset: 'credits',
      amount: grant,
      kind: 'signup_grant',
      actor: 'system',
    });
    return true;
  });
}

export async function recordLogin(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable('user_accounts').set({ last_login_at: new Date() }).where('user_id', '=', userId).execute();
}

export async function findUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'image', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findAccount(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user_accounts')
    .select([
      'credits',
      'held_credits as heldCredits',
      'total_credits_used as totalCreditsUsed',
      'balance',
      'currency',
      'last_login_at as lastLoginAt',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A user's latest money movements, newest first. */
export async function moneyMovements(db: Kysely<Database>, userId: string, limit: number) {
  return db
    .selectFrom('ledger_entries')
    .select(['amount', 'balance_before', 'balance_after', 'actor', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .where('asset', '=', 'money')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A user's ledger rows, credits and money (or one asset), newest first. */
export async function ledgerRows(
  db: Kysely<Database>,
  userId: string,
  options: { limit: number; asset?: 'credits' | 'money' },
) {
  return db
    .selectFrom('ledger_entries')
    .select([
      'id',
      'asset',
      'kind',
      'amount',
      'balance_before',
      'balance_after',
      'actor',
      'reason',
      'payment_reference',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .$if(options.asset !== undefined, (q) => q.where('asset', '=', options.asset ?? 'money'))
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
}
