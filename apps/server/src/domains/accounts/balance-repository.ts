import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { applyMovement } from './ledger-repository.js';

export interface BalanceChange {
  previousBalance: number;
  balance: number;
  currency: string;
}

/** Money is kept in whole paisa: amounts are rounded to two decimals and must stay above zero. */
function moneyAmount(amount: number): number {
  const rounded = Math.round(amount * 100) / 100;
  if (!Number.isFinite(rounded) || rounded <= 0) {
    throw new AppError(400, 'Amount must be greater than 0', 'INVALID_AMOUNT');
  }
  return rounded;
}

async function changeBalance(
  db: Kysely<Database>,
  userId: string,
  movement: { amount: number; kind: string; actor: string; reason: string | null },
): Promise<BalanceChange> {
  return db.transaction().execute(async (trx) => {
    const { before, after } = await applyMovement(trx, { userId, asset: 'money', ...movement });
    const { currency } = await trx
      .selectFrom('user_accounts')
      .select('currency')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { previousBalance: before, balance: after, currency };
  });
}

/** Staff add money after a payment; the admin's name is recorded as `addedBy`. */
export async function addBalance(db: Kysely<Database>, userId: string, amount: number, adminName: string) {
  return changeBalance(db, userId, { amount: moneyAmount(amount), kind: 'admin_add', actor: adminName, reason: null });
}

/** Staff take money away; never below zero ('Insufficient balance'). */
export async function deductBalance(db: Kysely<Database>, userId: string, amount: number, adminName: string) {
  return changeBalance(db, userId, {
    amount: -moneyAmount(amount),
    kind: 'admin_deduct',
    actor: adminName,
    reason: `Balance correction by ${adminName}`,
  });
}

export async function getBalance(db: Kysely<Database>, userId: string): Promise<{ balance: number; currency: string }> {
  const row = await db
    .selectFrom('user_accounts')
    .select(['balance', 'currency'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'User not found', 'USER_NOT_FOUND');
  return row;
}
