import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { balanceHistory, DEFAULT_CREDITS, ensureAccount, findAccount, findUser } from './repository.js';

/** The spec's user document, assembled from the user, their account and the ledger. */
export interface UserDocument {
  uid: string;
  email: string;
  displayName: string;
  name: string;
  photo: string | null;
  lastLoginAt: string | null;
  credits: number;
  totalCreditsUsed: number;
  balance: number;
  currency: string;
  balanceHistory: Awaited<ReturnType<typeof balanceHistory>>;
  createdAt: string;
  lastUpdated: string;
}

export interface AccountSnapshot {
  credits: number;
  balance: number;
  currency: string;
  totalCreditsUsed: number;
}

export async function getUserDocument(db: Kysely<Database>, userId: string): Promise<UserDocument> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError(404, 'User not found', 'USER_NOT_FOUND');
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

export async function getAccountSnapshot(db: Kysely<Database>, userId: string): Promise<AccountSnapshot | null> {
  const account = await findAccount(db, userId);
  if (!account) return null;
  return {
    credits: account.credits,
    balance: account.balance,
    currency: account.currency,
    totalCreditsUsed: account.totalCreditsUsed,
  };
}
