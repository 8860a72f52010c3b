import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { applyMovement } from './ledger-repository.js';

export const DEFAULT_CREDITS = 10_000;

export interface AccountRow {
  credits: number;
  heldCredits: number;
  totalCreditsUsed: number;
  balance: number;
  currency: string;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface UserRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
  createdAt: Date;
}

export interface BalanceEntry {
  amount: number;
  previousBalance: number;
  newBalance: number;
  addedBy?: string;
  reason?: string;
  timestamp: string;
  type: 'credit' | 'debit';
}

/**
 * Gives a user their account if they have none: zero of everything, then the default credits
 * through the ledger. Returns true when it created one.
 */
export async function ensureAccount(db: Kysely<Database>, userId: string): Promise<boolean> {
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
      amount: DEFAULT_CREDITS,
      kind: 'signup_grant',
      actor: 'system',
    });
    return true;
  });
}

export async function recordLogin(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable('user_accounts').set({ last_login_at: new Date() }).where('user_id', '=', userId).execute();
}

export async function findUser(db: Kysely<Database>, userId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'image', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findAccount(db: Kysely<Database>, userId: string): Promise<AccountRow | undefined> {
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

/** The spec's balanceHistory, newest first, derived from the money ledger. */
export async function balanceHistory(db: Kysely<Database>, userId: string, limit = 50): Promise<BalanceEntry[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['amount', 'balance_before', 'balance_after', 'actor', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .where('asset', '=', 'money')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const type = row.amount > 0 ? 'credit' : 'debit';
    return {
      amount: row.amount,
      previousBalance: row.balance_before,
      newBalance: row.balance_after,
      ...(type === 'credit' ? { addedBy: row.actor ?? 'admin' } : { reason: row.reason ?? '' }),
      timestamp: row.created_at.toISOString(),
      type,
    };
  });
}
