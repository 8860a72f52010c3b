import { randomBytes } from 'node:crypto';
import {
  type AdminUserDetail,
  PASSWORD_RESET_LINK_HOURS,
  type PasswordResetLink,
  type SuspensionState,
  USER_DETAIL_LEDGER_ROWS,
  USER_DETAIL_TASKS,
} from '@sayso/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { reinstateUser, suspendUser, userLedger } from '../accounts/index.js';
import { ApiKeyService } from '../api-keys/index.js';
import type { Auth } from '../auth/index.js';
import { listClonedVoices, MAX_CLONED_VOICES } from '../voices/index.js';
import { findUserWithAccount, recentTasksOf } from './user-detail-repository.js';

/** Everything staff see about one user: figures, ledger with references, voices, tasks and keys. */
export async function userDetail(db: Kysely<Database>, userId: string): Promise<AdminUserDetail> {
  const row = await findUserWithAccount(db, userId);
  if (!row) throw new AppError('USER_NOT_FOUND');
  const [ledger, voices, tasks, keys] = await Promise.all([
    userLedger(db, userId, { limit: USER_DETAIL_LEDGER_ROWS }),
    listClonedVoices(db, userId, MAX_CLONED_VOICES),
    recentTasksOf(db, userId, USER_DETAIL_TASKS),
    new ApiKeyService(db).list(userId),
  ]);
  return {
    user: {
      uid: row.id,
      username: row.name,
      email: row.email,
      credits: Number(row.credits ?? 0),
      balance: Number(row.balance ?? 0),
      currency: row.currency ?? 'PKR',
      totalCreditsUsed: Number(row.total_credits_used ?? 0),
      createdAt: row.createdAt.toISOString(),
      lastLoginAt: row.last_login_at?.toISOString() ?? null,
      suspendedAt: row.suspended_at?.toISOString() ?? null,
      suspendedBy: row.suspended_by ?? null,
    },
    ledger,
    voices: voices.map((voice) => ({
      id: voice.id,
      name: voice.voice_name,
      engine: voice.engine,
      createdAt: voice.created_at.toISOString(),
    })),
    tasks: tasks.map((task) => ({
      id: task.id,
      status: task.status,
      engine: task.engine,
      voiceId: task.voice_id,
      characters: Number(task.characters),
      preview: task.preview,
      createdAt: task.created_at.toISOString(),
    })),
    apiKeys: keys.map(({ id, name, prefix, createdAt, lastUsedAt, revokedAt }) => ({
      id,
      name,
      prefix,
      createdAt,
      lastUsedAt,
      revokedAt,
    })),
  };
}

export async function suspend(db: Kysely<Database>, userId: string, adminName: string): Promise<SuspensionState> {
  return { uid: userId, ...(await suspendUser(db, userId, adminName)) };
}

export async function reinstate(db: Kysely<Database>, userId: string): Promise<SuspensionState> {
  return { uid: userId, ...(await reinstateUser(db, userId)) };
}

/**
 * A one-time link that sets a new password for a user who cannot sign in, for staff to pass on
 * (in the chat the user paid through, say). It is better-auth's own reset token, so the page the
 * link opens sets the password through better-auth's reset-password, which spends the token: the
 * link works once, and not after PASSWORD_RESET_LINK_HOURS.
 */
export async function makePasswordResetLink(
  db: Kysely<Database>,
  auth: Auth,
  input: { userId: string; publicUrl: string; localAccounts: boolean },
): Promise<PasswordResetLink> {
  if (!input.localAccounts) throw new AppError('PASSWORD_SIGN_IN_OFF');
  if (!(await findUserWithAccount(db, input.userId))) throw new AppError('USER_NOT_FOUND');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_LINK_HOURS * 3_600_000);
  const context = await auth.$context;
  await context.internalAdapter.createVerificationValue({
    // The identifier better-auth's reset-password looks the token up by.
    identifier: `reset-password:${token}`,
    value: input.userId,
    expiresAt,
  });
  const url = new URL('/reset-password', input.publicUrl);
  url.searchParams.set('token', token);
  return { url: url.href, expiresAt: expiresAt.toISOString() };
}
