import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

export const MIN_ADMIN_PASSWORD_LENGTH = 12;

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
  const inserted = await db
    .insertInto('admins')
    .values(row)
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new AppError(409, `An admin named "${username}" already exists`, 'ADMIN_EXISTS');
  return { id: row.id, username, name: adminName(row) };
}

export async function resetAdminPassword(db: Kysely<Database>, username: string, password: string): Promise<void> {
  checkPassword(password);
  const updated = await db
    .updateTable('admins')
    .set({ password_hash: await hashPassword(password), updated_at: new Date() })
    .where('username', '=', username)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw new AppError(404, `No admin named "${username}"`, 'ADMIN_NOT_FOUND');
  // A new password ends every session the old one opened.
  await db.deleteFrom('admin_sessions').where('admin_id', '=', updated.id).execute();
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Checks a username and password; the same answer (null) whether the name or the password is wrong. */
export async function verifyAdmin(db: Kysely<Database>, username: string, password: string): Promise<Admin | null> {
  const row = await db
    .selectFrom('admins')
    .select(['id', 'username', 'name', 'email', 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
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

// ---- Sessions: random tokens, stored only as their SHA-256. ----

const SESSION_HOURS = 12;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function startAdminSession(db: Kysely<Database>, adminId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: sha256(token),
      admin_id: adminId,
      expires_at: new Date(Date.now() + SESSION_HOURS * 3_600_000),
    })
    .execute();
  return token;
}

export async function findAdminBySession(db: Kysely<Database>, token: string): Promise<Admin | null> {
  const row = await db
    .selectFrom('admin_sessions')
    .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
    .select(['admins.id', 'admins.username', 'admins.name', 'admins.email'])
    .where('admin_sessions.token_hash', '=', sha256(token))
    .where('admin_sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? { id: row.id, username: row.username, name: adminName(row) } : null;
}

export async function endAdminSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('token_hash', '=', sha256(token)).execute();
}

// ---- Sign-in throttling, shared by every process through the database. ----

export async function recentFailures(db: Kysely<Database>, clientIp: string, windowSeconds: number): Promise<number> {
  const row = await db
    .selectFrom('admin_sign_in_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_ip', '=', clientIp)
    .where('failed_at', '>', new Date(Date.now() - windowSeconds * 1000))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordFailure(db: Kysely<Database>, clientIp: string): Promise<void> {
  await db.insertInto('admin_sign_in_failures').values({ client_ip: clientIp }).execute();
  // Old rows are of no further use.
  await db
    .deleteFrom('admin_sign_in_failures')
    .where('failed_at', '<', new Date(Date.now() - 3_600_000))
    .execute();
}
