import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { UserPage, UserPageQuery } from '@sayso/contract/admin';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { DEFAULT_CREDITS } from '../accounts/service.js';
import {
  countAdmins,
  countSignInFailuresSince,
  deleteAdminSession,
  deleteSessionsOfAdmin,
  findAdminBySessionHash,
  findAdminByUsername,
  insertAdmin,
  insertAdminSession,
  recordSignInFailure,
  setAdminPasswordHash,
} from './repository.js';
import { grantDefaultCreditsOnce, pageOfUsers, usersWithoutDefaultCredits } from './users-repository.js';

const MIN_ADMIN_PASSWORD_LENGTH = 12;
const SESSION_HOURS = 12;
/** Sign-in throttling: this many failures from one address within the window lock it out. */
const SIGN_IN_WINDOW_SECONDS = 60;
const SIGN_IN_FAILURES_ALLOWED = 5;
/** Failures older than this are of no further use. */
const FAILURE_MEMORY_MS = 3_600_000;

export interface Admin {
  id: string;
  username: string;
  /** The spec's admin name: display name, else the part of the email before '@', else 'Admin'. */
  name: string;
}

export function adminName(row: { name: string | null; email: string | null }): string {
  if (row.name?.trim()) return row.name.trim();
  const local = row.email?.split('@')[0]?.trim();
  return local || 'Admin';
}

/** A password people can type from the log once: 24 characters from a 64-symbol alphabet. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

function checkPassword(password: string): void {
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new AppError(400, `Admin passwords need at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`, 'WEAK_PASSWORD');
  }
}

export async function createAdmin(
  db: Kysely<Database>,
  input: { username: string; password: string; name?: string | null; email?: string | null },
): Promise<Admin> {
  checkPassword(input.password);
  const username = input.username.trim();
  if (!username) throw new AppError(400, 'A username is required', 'USERNAME_REQUIRED');
  const row = {
    id: randomUUID(),
    username,
    name: input.name ?? null,
    email: input.email ?? null,
    // scrypt, through better-auth's maintained implementation.
    password_hash: await hashPassword(input.password),
  };
  if (!(await insertAdmin(db, row))) {
    throw new AppError(409, `An admin named "${username}" already exists`, 'ADMIN_EXISTS');
  }
  return { id: row.id, username, name: adminName(row) };
}

export async function resetAdminPassword(db: Kysely<Database>, username: string, password: string): Promise<void> {
  checkPassword(password);
  const adminId = await setAdminPasswordHash(db, username, await hashPassword(password));
  if (!adminId) throw new AppError(404, `No admin named "${username}"`, 'ADMIN_NOT_FOUND');
  // A new password ends every session the old one opened.
  await deleteSessionsOfAdmin(db, adminId);
}

/**
 * There are no default passwords. On first start, with no admin yet, the operator account comes
 * from ADMIN_USERNAME / ADMIN_PASSWORD, or gets a generated password printed once in the log.
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  initial: { username: string; password: string | null },
  logger: FastifyBaseLogger,
): Promise<void> {
  if ((await countAdmins(db)) > 0) return;
  const password = initial.password ?? generatePassword();
  try {
    await createAdmin(db, { username: initial.username, password });
  } catch (error) {
    // Another process created it first.
    if ((await countAdmins(db)) > 0) return;
    throw error;
  }
  if (initial.password) {
    logger.info({ username: initial.username }, 'admin account created from ADMIN_USERNAME / ADMIN_PASSWORD');
  } else {
    logger.warn(
      `Admin account created. Username: ${initial.username}  One-time password: ${password}  ` +
        '(shown only now; change it with "npm run admin -- reset-password <username>")',
    );
  }
}

/** Checks a username and password; the same answer (null) whether the name or the password is wrong. */
export async function verifyAdmin(db: Kysely<Database>, username: string, password: string): Promise<Admin | null> {
  const row = await findAdminByUsername(db, username);
  if (!row) {
    // Spend the same effort as a real check, so timing does not tell which usernames exist.
    await verifyPassword({ hash: await dummyHash(), password }).catch(() => false);
    return null;
  }
  const ok = await verifyPassword({ hash: row.password_hash, password });
  return ok ? { id: row.id, username: row.username, name: adminName(row) } : null;
}

let dummy: Promise<string> | undefined;
const dummyHash = () => {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
};

/**
 * Signs an admin in and opens a session, refusing missing fields, an address with too many recent
 * failures (even with the right password) and wrong credentials alike. Returns the session token.
 */
export async function signInAdmin(
  db: Kysely<Database>,
  attempt: { username: string; password: string; clientIp: string },
  logger: FastifyBaseLogger,
): Promise<{ admin: Admin; token: string }> {
  const username = attempt.username.trim();
  if (!username || !attempt.password) {
    throw new AppError(400, 'Username and password are required', 'FIELDS_REQUIRED');
  }
  const windowStart = new Date(Date.now() - SIGN_IN_WINDOW_SECONDS * 1000);
  if ((await countSignInFailuresSince(db, attempt.clientIp, windowStart)) >= SIGN_IN_FAILURES_ALLOWED) {
    throw new AppError(429, 'Too many sign-in attempts. Please wait a minute and try again.', 'RATE_LIMITED', {
      'retry-after': String(SIGN_IN_WINDOW_SECONDS),
    });
  }
  const admin = await verifyAdmin(db, username, attempt.password);
  if (!admin) {
    await recordSignInFailure(db, attempt.clientIp, new Date(Date.now() - FAILURE_MEMORY_MS));
    logger.warn({ username }, 'admin sign-in refused');
    throw new AppError(401, 'Invalid username or password', 'INVALID_CREDENTIALS');
  }
  return { admin, token: await startAdminSession(db, admin.id) };
}

// ---- Sessions: random tokens, stored only as their SHA-256. ----

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function startAdminSession(db: Kysely<Database>, adminId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertAdminSession(db, {
    tokenHash: sha256(token),
    adminId,
    expiresAt: new Date(Date.now() + SESSION_HOURS * 3_600_000),
  });
  return token;
}

export async function findAdminBySession(db: Kysely<Database>, token: string): Promise<Admin | null> {
  const row = await findAdminBySessionHash(db, sha256(token));
  return row ? { id: row.id, username: row.username, name: adminName(row) } : null;
}

export async function endAdminSession(db: Kysely<Database>, token: string): Promise<void> {
  await deleteAdminSession(db, sha256(token));
}

// ---- Users ----

export async function listUsers(db: Kysely<Database>, query: UserPageQuery): Promise<UserPage> {
  return pageOfUsers(db, query);
}

/**
 * The spec's migration: every user who never received the default credits gets them, once, each
 * in a transaction of their own. Returns how many users received them.
 */
export async function grantDefaultCredits(db: Kysely<Database>, adminName: string): Promise<number> {
  let granted = 0;
  for (const userId of await usersWithoutDefaultCredits(db)) {
    if (await grantDefaultCreditsOnce(db, userId, { amount: DEFAULT_CREDITS, actor: adminName })) granted += 1;
  }
  return granted;
}
