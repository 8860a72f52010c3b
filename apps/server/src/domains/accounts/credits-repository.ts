import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { notifyAccountChanged } from './account-events.js';
import { applyMovement } from './ledger-repository.js';

/** What a text costs: one credit per character after trimming, never less than one. */
export function creditCost(text: unknown): number {
  if (typeof text !== 'string') return 1;
  return Math.max(1, [...text.trim()].length);
}

function wholeCredits(amount: number): number {
  if (!Number.isFinite(amount)) throw new AppError(400, 'Amount must be greater than 0', 'INVALID_AMOUNT');
  // An amount to deduct is at least one credit.
  return Math.max(1, Math.ceil(amount));
}

export async function getCredits(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('user_accounts').select('credits').where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError(404, 'User not found', 'USER_NOT_FOUND');
  return row.credits;
}

export async function hasEnoughCredits(db: Kysely<Database>, userId: string, amount: number): Promise<boolean> {
  return (await getCredits(db, userId)) >= wholeCredits(amount);
}

export interface Hold {
  holdId: string;
  amount: number;
  remainingCredits: number;
}

/**
 * Sets credits aside for work about to start: they leave the spendable balance at once (so two
 * submissions can never spend the same credits) and are captured or released when the work ends.
 */
export async function holdCredits(
  db: Kysely<Database>,
  userId: string,
  amount: number,
  reference: string | null = null,
): Promise<Hold> {
  return db.transaction().execute((trx) => holdCreditsIn(trx, userId, amount, reference));
}

/** The same hold inside the caller's transaction, so it commits or rolls back with their work. */
export async function holdCreditsIn(
  trx: Transaction<Database>,
  userId: string,
  amount: number,
  reference: string | null = null,
): Promise<Hold> {
  const credits = wholeCredits(amount);
  const holdId = randomUUID();
  const { after } = await applyMovement(trx, {
    userId,
    asset: 'credits',
    amount: -credits,
    kind: 'hold',
    reference: holdId,
  });
  await trx
    .updateTable('user_accounts')
    .set((eb) => ({ held_credits: eb('held_credits', '+', credits) }))
    .where('user_id', '=', userId)
    .execute();
  await trx.insertInto('credit_holds').values({ id: holdId, user_id: userId, amount: credits, reference }).execute();
  return { holdId, amount: credits, remainingCredits: after };
}

export interface Capture {
  deductedCredits: number;
  remainingCredits: number;
}

/** The work succeeded: the held credits are spent and count towards totalCreditsUsed. */
export async function captureHold(db: Kysely<Database>, holdId: string): Promise<Capture> {
  return db.transaction().execute((trx) => captureHoldIn(trx, holdId));
}

export async function captureHoldIn(trx: Transaction<Database>, holdId: string): Promise<Capture> {
  const hold = await trx
    .updateTable('credit_holds')
    .set({ status: 'captured', settled_at: new Date() })
    .where('id', '=', holdId)
    .where('status', '=', 'open')
    .returning(['user_id', 'amount'])
    .executeTakeFirst();
  if (!hold) throw new AppError(409, 'This credit hold is already settled', 'HOLD_SETTLED');
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
  return { deductedCredits: hold.amount, remainingCredits: account.credits };
}

/** The work failed, was cancelled or expired: the held credits go back. Settled holds stay as they are. */
export async function releaseHold(db: Kysely<Database>, holdId: string): Promise<boolean> {
  return db.transaction().execute((trx) => releaseHoldIn(trx, holdId));
}

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
