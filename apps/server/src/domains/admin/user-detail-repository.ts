import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Read-only queries behind the admin user view. Like the user list (users-repository.ts), they
 * read other domains' tables without writing to them; every change goes through their services.
 */

/** The user with their account's figures, suspension and last sign-in; undefined when there is no such user. */
export async function findUserWithAccount(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user')
    .leftJoin('user_accounts', 'user_accounts.user_id', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.createdAt',
      'user_accounts.credits',
      'user_accounts.balance',
      'user_accounts.currency',
      'user_accounts.total_credits_used',
      'user_accounts.last_login_at',
      'user_accounts.suspended_at',
      'user_accounts.suspended_by',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

/** How many characters of a task's text the view shows. */
const PREVIEW_CHARACTERS = 80;

/** A user's newest speech tasks with the start of their text (the whole text stays in the database). */
export async function recentTasksOf(db: Kysely<Database>, userId: string, limit: number) {
  return db
    .selectFrom('speech_tasks')
    .select((eb) => [
      'id',
      'status',
      'engine',
      'voice_id',
      'created_at',
      eb.fn<number>('char_length', ['text']).as('characters'),
      eb.fn<string>('left', ['text', eb.val(PREVIEW_CHARACTERS)]).as('preview'),
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
