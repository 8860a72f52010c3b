import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

interface NewAdmin {
  id: string;
  username: string;
  name: string | null;
  email: string | null;
  password_hash: string;
  one_time_password_expires_at?: Date | null;
}

/** Inserts an admin unless the username is taken; true when it was inserted. */
export async function insertAdmin(db: Kysely<Database>, admin: NewAdmin): Promise<boolean> {
  const inserted = await db
    .insertInto('admins')
    .values(admin)
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Sets an admin's password hash as their own password (never one-time); the admin's id, or
 * undefined when there is no such username.
 */
export async function setAdminPasswordHash(
  db: Kysely<Database>,
  username: string,
  passwordHash: string,
): Promise<string | undefined> {
  const updated = await db
    .updateTable('admins')
    .set({ password_hash: passwordHash, one_time_password_expires_at: null, updated_at: new Date() })
    .where('username', '=', username)
    .returning('id')
    .executeTakeFirst();
  return updated?.id;
}

/**
 * Replaces a one-time password that is still valid with the admin's own, and ends every other
 * session of theirs. False when there was no valid one-time password to replace.
 */
export async function replaceOneTimePassword(
  db: Kysely<Database>,
  change: { adminId: string; passwordHash: string; keepSessionHash: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const updated = await trx
      .updateTable('admins')
      .set({ password_hash: change.passwordHash, one_time_password_expires_at: null, updated_at: now })
      .where('id', '=', change.adminId)
      .where('one_time_password_expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await trx
      .deleteFrom('admin_sessions')
      .where('admin_id', '=', change.adminId)
      .where('token_hash', '<>', change.keepSessionHash)
      .execute();
    return true;
  });
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAdminByUsername(db: Kysely<Database>, username: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'username', 'name', 'email', 'password_hash', 'one_time_password_expires_at'])
    .where('username', '=', username)
    .executeTakeFirst();
}

// ---- Sessions, stored by the hash of their token. ----

export async function insertAdminSession(
  db: Kysely<Database>,
  session: { tokenHash: string; adminId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('admin_sessions')
    .values({ token_hash: session.tokenHash, admin_id: session.adminId, expires_at: session.expiresAt })
    .execute();
}

/** The admin of an unexpired session; none once the one-time password that opened it has expired. */
export async function findAdminBySessionHash(db: Kysely<Database>, tokenHash: string) {
  const now = new Date();
  return db
    .selectFrom('admin_sessions')
    .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
    .select(['admins.id', 'admins.username', 'admins.name', 'admins.email', 'admins.one_time_password_expires_at'])
    .where('admin_sessions.token_hash', '=', tokenHash)
    .where('admin_sessions.expires_at', '>', now)
    .where((eb) =>
      eb.or([
        eb('admins.one_time_password_expires_at', 'is', null),
        eb('admins.one_time_password_expires_at', '>', now),
      ]),
    )
    .executeTakeFirst();
}

export async function deleteAdminSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteSessionsOfAdmin(db: Kysely<Database>, adminId: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).execute();
}
