import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  MAX_ADMIN_PASSWORD_LENGTH,
  MIN_ADMIN_PASSWORD_LENGTH,
  type UserPage,
  type UserPageQuery,
} from '@sayso/contract/admin';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { addBalance, DEFAULT_CREDITS } from '../accounts/index.js';
import {
  noteSignInFailure,
  refuseWhileThrottled,
  type SignInFailureKey,
  type SignInThrottleRule,
} from '../auth/index.js';
import {
  countAdmins,
  deleteAdminSession,
  deleteSessionsOfAdmin,
  findAdminBySessionHash,
  findAdminByUsername,
  insertAdmin,
  insertAdminSession,
  replaceOneTimePassword,
  setAdminPasswordHash,
} from './repository.js';
import { grantDefaultCreditsOnce, pageOfUsers, usersWithoutDefaultCredits } from './users-repository.js';

const SESSION_HOURS = 12;
/** A generated first-admin password signs in for this long, and only until it is changed. */
export const ONE_TIME_PASSWORD_HOURS = 24;
/** When a one-time password generated now stops signing in. */
export const oneTimePasswordDeadline = (): Date => new Date(Date.now() + ONE_TIME_PASSWORD_HOURS * 3_600_000);
/** Sign-in throttling: this many failures from one address within the window lock it out. */
const ADMIN_SIGN_IN_THROTTLE: SignInThrottleRule = { windowSeconds: 60, failuresAllowed: 5 };

export interface Admin {
  id: string;
  username: string;
  /** The spec's admin name: display name, else the part of the email before '@', else 'Admin'. */
  name: string;
  /** Signed in with a one-time password: only choosing a new password is open. */
  mustChangePassword: boolean;
}

interface AdminRow {
  id: string;
  username: string;
  name: string | null;
  email: string | null;
  one_time_password_expires_at: Date | null;
}

const adminFromRow = (row: AdminRow): Admin => ({
  id: row.id,
  username: row.username,
  name: adminName(row),
  mustChangePassword: row.one_time_password_expires_at !== null,
});

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
    throw new AppError('WEAK_PASSWORD', MIN_ADMIN_PASSWORD_LENGTH);
  }
  if (password.length > MAX_ADMIN_PASSWORD_LENGTH) {
    throw new AppError('LONG_PASSWORD', MAX_ADMIN_PASSWORD_LENGTH);
  }
}

export async function createAdmin(
  db: Kysely<Database>,
  input: {
    username: string;
    password: string;
    name?: string | null;
    email?: string | null;
    /** Makes the password one-time: it must be changed at first sign-in and stops working then. */
    oneTimeUntil?: Date;
  },
): Promise<Admin> {
  checkPassword(input.password);
  const username = input.username.trim();
  if (!username) throw new AppError('USERNAME_REQUIRED');
  const row = {
    id: randomUUID(),
    username,
    name: input.name ?? null,
    email: input.email ?? null,
    // scrypt, through better-auth's maintained implementation.
    password_hash: await hashPassword(input.password),
    one_time_password_expires_at: input.oneTimeUntil ?? null,
  };
  if (!(await insertAdmin(db, row))) {
    throw new AppError('ADMIN_EXISTS', username);
  }
  return adminFromRow(row);
}

export async function resetAdminPassword(db: Kysely<Database>, username: string, password: string): Promise<void> {
  checkPassword(password);
  const adminId = await setAdminPasswordHash(db, username, await hashPassword(password));
  if (!adminId) throw new AppError('ADMIN_NOT_FOUND', username);
  // A new password ends every session the old one opened.
  await deleteSessionsOfAdmin(db, adminId);
}

/**
 * There are no default passwords. On first start, with no admin yet, the operator account comes
 * from ADMIN_USERNAME / ADMIN_PASSWORD, or gets a generated one-time password printed once in the
 * log: it must be replaced at first sign-in, and stops working after ONE_TIME_PASSWORD_HOURS.
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  initial: { username: string; password: string | null },
  logger: FastifyBaseLogger,
): Promise<void> {
  if ((await countAdmins(db)) > 0) return;
  const password = initial.password ?? generatePassword();
  try {
    await createAdmin(db, {
      username: initial.username,
      password,
      ...(initial.password ? {} : { oneTimeUntil: oneTimePasswordDeadline() }),
    });
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
        `(shown only now; sign in at /admin-panel within ${ONE_TIME_PASSWORD_HOURS} hours and choose your own ` +
        `password; after that, "npm run admin -- reset-password ${initial.username}" sets a new one)`,
    );
  }
}

/**
 * Checks a username and password; the same answer (null) whether the name or the password is wrong.
 * `oneTimeExpired` is told only to someone who knows the password.
 */
async function checkCredentials(
  db: Kysely<Database>,
  username: string,
  password: string,
): Promise<{ admin: Admin; oneTimeExpired: boolean } | null> {
  const row = await findAdminByUsername(db, username);
  if (!row) {
    // Spend the same effort as a real check, so timing does not tell which usernames exist.
    await verifyPassword({ hash: await dummyHash(), password }).catch(() => false);
    return null;
  }
  if (!(await verifyPassword({ hash: row.password_hash, password }))) return null;
  const expiresAt = row.one_time_password_expires_at;
  return { admin: adminFromRow(row), oneTimeExpired: expiresAt !== null && expiresAt.getTime() <= Date.now() };
}

/** The admin these credentials sign in, or null (wrong, or an expired one-time password). */
export async function verifyAdmin(db: Kysely<Database>, username: string, password: string): Promise<Admin | null> {
  const checked = await checkCredentials(db, username, password);
  return checked && !checked.oneTimeExpired ? checked.admin : null;
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
    throw new AppError('FIELDS_REQUIRED');
  }
  const failureKey: SignInFailureKey = { door: 'admin', clientIp: attempt.clientIp, accountKey: null };
  await refuseWhileThrottled(db, failureKey, ADMIN_SIGN_IN_THROTTLE);
  const checked = await checkCredentials(db, username, attempt.password);
  if (!checked) {
    await noteSignInFailure(db, failureKey);
    logger.warn({ username }, 'admin sign-in refused');
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (checked.oneTimeExpired) {
    logger.warn({ username }, 'admin sign-in with an expired one-time password');
    throw new AppError('ONE_TIME_PASSWORD_EXPIRED', checked.admin.username);
  }
  return { admin: checked.admin, token: await startAdminSession(db, checked.admin.id) };
}

/**
 * Replaces the one-time password the session was opened with by the admin's own: the same rules
 * as any admin password, and not the one-time password again. Other sessions of the admin end.
 */
export async function chooseOwnPassword(
  db: Kysely<Database>,
  change: { admin: Admin; sessionToken: string; password: string },
): Promise<Admin> {
  const { admin, password } = change;
  if (!admin.mustChangePassword) {
    throw new AppError('NO_ONE_TIME_PASSWORD', admin.username);
  }
  checkPassword(password);
  if (await verifyAdmin(db, admin.username, password)) {
    throw new AppError('PASSWORD_UNCHANGED');
  }
  const replaced = await replaceOneTimePassword(db, {
    adminId: admin.id,
    passwordHash: await hashPassword(password),
    keepSessionHash: sha256(change.sessionToken),
  });
  // Only when 24 hours ran out between the session check and now.
  if (!replaced) throw new AppError('ADMIN_REQUIRED');
  return { ...admin, mustChangePassword: false };
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
  return row ? adminFromRow(row) : null;
}

export async function endAdminSession(db: Kysely<Database>, token: string): Promise<void> {
  await deleteAdminSession(db, sha256(token));
}

// ---- Users ----

/** PostgreSQL's "numeric value out of range": the sum no longer fits the money column. */
const isNumericOverflow = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '22003';

/** Staff add money; a sum past what a balance can hold is refused as the admin's mistake, not a crash. */
export async function addToBalance(
  db: Kysely<Database>,
  userId: string,
  amount: number,
  adminName: string,
  paymentReference: string | null = null,
) {
  try {
    return await addBalance(db, userId, amount, adminName, paymentReference);
  } catch (error) {
    if (!isNumericOverflow(error)) throw error;
    throw new AppError('BALANCE_TOO_LARGE');
  }
}

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
