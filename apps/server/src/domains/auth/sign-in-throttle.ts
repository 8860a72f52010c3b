import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { recentSignInFailures, recordSignInFailure, type SignInFailureKey } from './sign-in-failures-repository.js';

/**
 * Failed sign-ins, counted in the database so every process sees the same count, for each sign-in
 * door: the admin panel counts by address, user accounts by address and account.
 */

export type { SignInFailureKey };

/** So many failures within the window close the door to the key until the oldest of them ages out. */
export interface SignInThrottleRule {
  windowSeconds: number;
  failuresAllowed: number;
}

/** Failures older than this are of no further use to any rule. */
const FAILURE_MEMORY_MS = 3_600_000;

/**
 * How a user account is named in the failures table: its email as better-auth matches it (case
 * does not matter), hashed, so the table holds no readable address, nor a password pasted in its place.
 */
export function accountKeyOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** A 429 with Retry-After when `key` has used up its failures within the rule's window. */
export async function refuseWhileThrottled(
  db: Kysely<Database>,
  key: SignInFailureKey,
  rule: SignInThrottleRule,
): Promise<void> {
  const now = Date.now();
  const windowMs = rule.windowSeconds * 1000;
  const failures = await recentSignInFailures(db, key, new Date(now - windowMs), rule.failuresAllowed);
  const oldestCounted = failures[rule.failuresAllowed - 1];
  if (!oldestCounted) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((oldestCounted.getTime() + windowMs - now) / 1000));
  throw new AppError('SIGN_IN_THROTTLED').withHeaders({ 'retry-after': String(retryAfterSeconds) });
}

export async function noteSignInFailure(db: Kysely<Database>, key: SignInFailureKey): Promise<void> {
  await recordSignInFailure(db, key, new Date(Date.now() - FAILURE_MEMORY_MS));
}
