import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { ACCOUNT_CHANGED_CHANNEL } from './account-events.js';

type Asset = 'credits' | 'money';

interface LedgerMovement {
  userId: string;
  asset: Asset;
  /** Signed: positive adds, negative takes away. */
  amount: number;
  kind: string;
  actor?: string | null;
  reason?: string | null;
  idempotencyKey?: string | null;
  reference?: string | null;
  /** What staff recorded for the payment a top-up follows. */
  paymentReference?: string | null;
}

interface LedgerResult {
  before: number;
  after: number;
}

const COLUMN: Record<Asset, 'credits' | 'balance'> = { credits: 'credits', money: 'balance' };

/**
 * Moves credits or money for one user: a conditional update that never lets the balance go
 * below zero, and the ledger entry that records it, in the caller's transaction.
 */
export async function applyMovement(trx: Transaction<Database>, movement: LedgerMovement): Promise<LedgerResult> {
  const column = COLUMN[movement.asset];
  const updated = await sql<{ after: number }>`
    UPDATE user_accounts
       SET ${sql.ref(column)} = ${sql.ref(column)} + ${movement.amount}, updated_at = now()
     WHERE user_id = ${movement.userId} AND ${sql.ref(column)} + ${movement.amount} >= 0
     RETURNING ${sql.ref(column)} AS after
  `.execute(trx);
  const row = updated.rows[0];
  if (!row) {
    const exists = await trx
      .selectFrom('user_accounts')
      .select('user_id')
      .where('user_id', '=', movement.userId)
      .executeTakeFirst();
    if (!exists) throw new AppError('USER_NOT_FOUND');
    throw movement.asset === 'credits' ? new AppError('INSUFFICIENT_CREDITS') : new AppError('INSUFFICIENT_BALANCE');
  }
  const after = Number(row.after);
  const before = Math.round((after - movement.amount) * 100) / 100;
  await trx
    .insertInto('ledger_entries')
    .values({
      user_id: movement.userId,
      asset: movement.asset,
      amount: movement.amount,
      balance_before: before,
      balance_after: after,
      kind: movement.kind,
      actor: movement.actor ?? null,
      reason: movement.reason ?? null,
      idempotency_key: movement.idempotencyKey ?? null,
      reference: movement.reference ?? null,
      payment_reference: movement.paymentReference ?? null,
    })
    .execute();
  await notifyAccountChanged(trx, movement.userId);
  return { before, after };
}

/**
 * Tells the transaction's database that a user's credits or balance changed. PostgreSQL delivers
 * the notice only if the transaction commits, to every process listening, so an API instance
 * learns of a purchase made through another.
 */
export async function notifyAccountChanged(trx: Transaction<Database>, userId: string): Promise<void> {
  await sql`select pg_notify(${ACCOUNT_CHANGED_CHANNEL}, ${userId})`.execute(trx);
}
