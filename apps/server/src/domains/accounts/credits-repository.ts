import { randomUUID } from 'node:crypto';
import { type OperationNodeSource, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { ACCOUNT_CHANGED_CHANNEL } from './account-events.js';
import { applyMovement, notifyAccountChanged } from './ledger-repository.js';

// Holds are whole credits, at least one, because the columns are integers and a hold of nothing
// would settle nothing; every caller prices through creditCost, which already obeys this.
function wholeCredits(amount: number): number {
  if (!Number.isFinite(amount)) throw new AppError('INVALID_AMOUNT');
  return Math.max(1, Math.ceil(amount));
}

interface Hold {
  holdId: string;
  amount: number;
  remainingCredits: number;
}

/**
 * Sets credits aside for work about to start, in the caller's transaction so it commits or rolls
 * back with their work: they leave the spendable balance at once (so two submissions can never
 * spend the same credits) and are captured or released when the work ends.
 *
 * One statement does what applyMovement and the hold's bookkeeping would do in five: the
 * conditional update that never lets credits go below zero, its ledger entry, the hold, and the
 * account notice (sent only if the update happened). `along` (the task the credits are held
 * for, an insert that names `holdId`) rides in the same statement; if the hold fails, the error
 * thrown here rolls the caller's transaction back, and with it `along`. A foreign key from
 * `along` to the hold must therefore be checked at commit (migration 0012 defers speech_tasks'),
 * or the missing hold would fail the statement before the clear 402 below could be given.
 */
export async function holdCreditsIn(
  trx: Transaction<Database>,
  userId: string,
  amount: number,
  reference: string | null = null,
  along?: (holdId: string) => OperationNodeSource,
): Promise<Hold> {
  const credits = wholeCredits(amount);
  const holdId = randomUUID();
  const alongPart = along ? sql`, along AS (${along(holdId)})` : sql``;
  const { rows } = await sql<{ after: number }>`
    WITH account AS (
      UPDATE user_accounts
         SET credits = credits - ${credits}, held_credits = held_credits + ${credits}, updated_at = now()
       WHERE user_id = ${userId} AND credits - ${credits} >= 0
       RETURNING credits AS after
    ), ledger AS (
      INSERT INTO ledger_entries (user_id, asset, amount, balance_before, balance_after, kind, reference)
      SELECT ${userId}, 'credits', ${-credits}::numeric, after + ${credits}, after, 'hold', ${holdId} FROM account
    ), hold AS (
      INSERT INTO credit_holds (id, user_id, amount, reference)
      SELECT ${holdId}, ${userId}, ${credits}::bigint, ${reference}::text FROM account
    )${alongPart}
    SELECT after, pg_notify(${ACCOUNT_CHANGED_CHANNEL}, ${userId}) AS notified FROM account
  `.execute(trx);
  const row = rows[0];
  if (!row) {
    const exists = await trx
      .selectFrom('user_accounts')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!exists) throw new AppError('USER_NOT_FOUND');
    throw new AppError('INSUFFICIENT_CREDITS');
  }
  return { holdId, amount: credits, remainingCredits: Number(row.after) };
}

interface Capture {
  userId: string;
  deductedCredits: number;
  remainingCredits: number;
}

/** The work succeeded: the held credits are spent and count towards totalCreditsUsed. */
export async function captureHoldIn(trx: Transaction<Database>, holdId: string): Promise<Capture> {
  const hold = await trx
    .updateTable('credit_holds')
    .set({ status: 'captured', settled_at: new Date() })
    .where('id', '=', holdId)
    .where('status', '=', 'open')
    .returning(['user_id', 'amount'])
    .executeTakeFirst();
  if (!hold) throw new AppError('HOLD_SETTLED');
  const account = await trx
    .updateTable('user_accounts')
    .set((eb) => ({
      held_credits: eb('held_credits', '-', hold.amount),
      total_credits_used: eb('total_credits_used', '+', hold.amount),
      updated_at: new Date(),
    }))
    .where('user_id', '=', hold.user_id)
    .returning('credits')
    .executeTakeFirstOrThrow();
  await notifyAccountChanged(trx, hold.user_id);
  return { userId: hold.user_id, deductedCredits: hold.amount, remainingCredits: account.credits };
}

/**
 * Part of the work was done (a stream its client left): `spent` of the held credits are captured
 * and the rest released. Nothing spent is a release; all of it, a capture.
 */
export async function settleHoldIn(trx: Transaction<Database>, holdId: string, spent: number): Promise<void> {
  const hold = await trx.selectFrom('credit_holds').select('amount').where('id', '=', holdId).executeTakeFirst();
  if (!hold) return;
  const spend = Math.max(0, Math.min(hold.amount, Math.ceil(spent)));
  if (spend === 0) {
    await releaseHoldIn(trx, holdId);
    return;
  }
  const captured = await captureHoldIn(trx, holdId);
  const unspent = captured.deductedCredits - spend;
  if (unspent === 0) return;
  await trx
    .updateTable('user_accounts')
    .set((eb) => ({ total_credits_used: eb('total_credits_used', '-', unspent) }))
    .where('user_id', '=', captured.userId)
    .execute();
  await applyMovement(trx, {
    userId: captured.userId,
    asset: 'credits',
    amount: unspent,
    kind: 'release',
    reference: holdId,
  });
}

/** The work failed, was cancelled or expired: the held credits go back. Settled holds stay as they are. */
export async function releaseHoldIn(trx: Transaction<Database>, holdId: string): Promise<boolean> {
  const hold = await trx
    .updateTable('credit_holds')
    .set({ status: 'released', settled_at: new Date() })
    .where('id', '=', holdId)
    .where('status', '=', 'open')
    .returning(['user_id', 'amount'])
    .executeTakeFirst();
  if (!hold) return false;
  await trx
    .updateTable('user_accounts')
    .set((eb) => ({ held_credits: eb('held_credits', '-', hold.amount) }))
    .where('user_id', '=', hold.user_id)
    .execute();
  await applyMovement(trx, {
    userId: hold.user_id,
    asset: 'credits',
    amount: hold.amount,
    kind: 'release',
    reference: holdId,
  });
  return true;
}
