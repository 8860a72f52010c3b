import type { AccountFigures, BalanceEntry, UserDocument } from '@sayso/contract/account';
import type { BalanceChange } from '@sayso/contract/admin';
import type { LedgerEntry } from '@sayso/contract/ledger';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { changeBalance } from './balance-repository.js';
import { isAccountSuspended, reinstateAccount, type SuspensionRow, suspendAccount } from './suspension-repository.js';
import { createAccount, findAccount, findUser, ledgerRows, moneyMovements, recordLogin } from './repository.js';

/** What every new user starts with (spec section 4). */
export const DEFAULT_CREDITS = 10_000;

/** The spec's balanceHistory shows this many money movements. */
const BALANCE_HISTORY_LENGTH = 50;

/** What a text costs: one credit per character after trimming, never less than one. */
export function creditCost(text: unknown): number {
  if (typeof text !== 'string') return 1;
  return Math.max(1, [...text.trim()].length);
}

/** Gives a user their account and the default credits if they have none; true when it made one. */
export async function ensureAccount(db: Kysely<Database>, userId: string): Promise<boolean> {
  return createAccount(db, userId, DEFAULT_CREDITS);
}

/** Every successful sign-in: fill in a missing account, then stamp lastLoginAt. */
export async function recordSignIn(db: Kysely<Database>, userId: string): Promise<void> {
  await ensureAccount(db, userId);
  await recordLogin(db, userId);
}

/** The spec's user document, assembled from the user, their account and the ledger. */
export async function getUserDocument(db: Kysely<Database>, userId: string): Promise<UserDocument> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND');
  // A user whose account set-up failed at sign-in gets it now (spec: fill in what is missing).
  let account = await findAccount(db, userId);
  if (!account) {
    await ensureAccount(db, userId);
    account = await findAccount(db, userId);
  }
  const history = await balanceHistory(db, userId);
  return {
    uid: user.id,
    email: user.email,
    displayName: user.name,
    name: user.name,
    photo: user.image,
    lastLoginAt: account?.lastLoginAt?.toISOString() ?? null,
    credits: account?.credits ?? DEFAULT_CREDITS,
    totalCreditsUsed: account?.totalCreditsUsed ?? 0,
    balance: account?.balance ?? 0,
    currency: account?.currency ?? 'PKR',
    balanceHistory: history,
    createdAt: user.createdAt.toISOString(),
    lastUpdated: (account?.updatedAt ?? user.createdAt).toISOString(),
  };
}

/** The spec's balanceHistory, newest first: who added money, or why it was taken. */
async function balanceHistory(db: Kysely<Database>, userId: string): Promise<BalanceEntry[]> {
  const movements = await moneyMovements(db, userId, BALANCE_HISTORY_LENGTH);
  return movements.map((row) => {
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

/** The figures the live account stream sends; null when the user has no account yet. */
export async function getAccountFigures(db: Kysely<Database>, userId: string): Promise<AccountFigures | null> {
  const account = await findAccount(db, userId);
  if (!account) return null;
  return {
    credits: account.credits,
    balance: account.balance,
    currency: account.currency,
    totalCreditsUsed: account.totalCreditsUsed,
  };
}

/** Money is kept in whole paisa: amounts are rounded to two decimals and must stay above zero. */
function moneyAmount(amount: number): number {
  const rounded = Math.round(amount * 100) / 100;
  if (!Number.isFinite(rounded) || rounded <= 0) {
    throw new AppError('INVALID_AMOUNT');
  }
  return rounded;
}

type BalanceMove = Omit<BalanceChange, 'uid'>;

/** Staff add money after a payment; the admin's name is recorded as `addedBy`, the payment's reference beside it. */
export async function addBalance(
  db: Kysely<Database>,
  userId: string,
  amount: number,
  adminName: string,
  paymentReference: string | null = null,
): Promise<BalanceMove> {
  return changeBalance(db, userId, {
    amount: moneyAmount(amount),
    kind: 'admin_add',
    actor: adminName,
    reason: null,
    paymentReference: blankToNull(paymentReference),
  });
}

/** Staff take money away; never below zero ('Insufficient balance'). A reference (a refund's, say) is optional. */
export async function deductBalance(
  db: Kysely<Database>,
  userId: string,
  amount: number,
  adminName: string,
  paymentReference: string | null = null,
): Promise<BalanceMove> {
  return changeBalance(db, userId, {
    amount: -moneyAmount(amount),
    kind: 'admin_deduct',
    actor: adminName,
    reason: `Balance correction by ${adminName}`,
    paymentReference: blankToNull(paymentReference),
  });
}

const blankToNull = (text: string | null): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** A user's ledger, newest first: what staff see in the user view and the user in their billing list. */
export async function userLedger(
  db: Kysely<Database>,
  userId: string,
  options: { limit: number; asset?: LedgerEntry['asset'] },
): Promise<LedgerEntry[]> {
  const rows = await ledgerRows(db, userId, options);
  return rows.map((row) => ({
    id: Number(row.id),
    asset: row.asset,
    kind: row.kind,
    amount: Number(row.amount),
    balanceBefore: Number(row.balance_before),
    balanceAfter: Number(row.balance_after),
    actor: row.actor,
    reason: row.reason,
    paymentReference: row.payment_reference,
    createdAt: row.created_at.toISOString(),
  }));
}

export interface Suspension {
  suspendedAt: string | null;
  suspendedBy: string | null;
}

const suspensionOf = (row: SuspensionRow): Suspension => ({
  suspendedAt: row.suspended_at?.toISOString() ?? null,
  suspendedBy: row.suspended_by,
});

/** Staff suspend a user: no sign-in, no API key, every session ended at once. */
export async function suspendUser(db: Kysely<Database>, userId: string, adminName: string): Promise<Suspension> {
  const row = await suspendAccount(db, userId, adminName);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return suspensionOf(row);
}

/** Staff lift a suspension: the user can sign in again and their keys work again. */
export async function reinstateUser(db: Kysely<Database>, userId: string): Promise<Suspension> {
  const row = await reinstateAccount(db, userId);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return suspensionOf(row);
}

/** Refuses a suspended user (sign-in and the public API ask before they let anyone in). */
export async function refuseIfSuspended(db: Kysely<Database>, userId: string): Promise<void> {
  if (await isAccountSuspended(db, userId)) throw new AppError('ACCOUNT_SUSPENDED');
}
