import { randomBytes } from 'node:crypto';
import type { ApiKeyScope } from '@sayso/contract/api-keys';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type KeyRow = Selectable<Database['api_keys']>;

/** A stored key with its characters spoken this month (UTC). */
export type StoredKey = KeyRow & { characters_this_month: number };

const thisMonth = sql<string>`date_trunc('month', now() at time zone 'utc')::date`;

export async function insertKey(
  db: Kysely<Database>,
  key: Pick<KeyRow, 'id' | 'user_id' | 'name' | 'prefix' | 'secret_hash' | 'monthly_character_cap'> & {
    scopes: ApiKeyScope[];
  },
): Promise<StoredKey> {
  const row = await db.insertInto('api_keys').values(key).returningAll().executeTakeFirstOrThrow();
  return { ...row, characters_this_month: 0 };
}

function withMonthUsage(db: Kysely<Database>) {
  return db
    .selectFrom('api_keys')
    .leftJoin('api_key_usage', (join) =>
      join.onRef('api_key_usage.key_id', '=', 'api_keys.id').on('api_key_usage.month', '=', thisMonth),
    )
    .selectAll('api_keys')
    .select((eb) => eb.fn.coalesce('api_key_usage.characters', sql<number>`0`).as('characters_this_month'));
}

export async function listKeys(db: Kysely<Database>, userId: string): Promise<StoredKey[]> {
  return withMonthUsage(db)
    .where('api_keys.user_id', '=', userId)
    .orderBy('api_keys.created_at', 'desc')
    .orderBy('api_keys.id')
    .execute();
}

/** A key, live or revoked, by the hash of its secret. */
export async function findKeyByHash(db: Kysely<Database>, secretHash: string): Promise<StoredKey | undefined> {
  return withMonthUsage(db).where('api_keys.secret_hash', '=', secretHash).executeTakeFirst();
}

/** Revokes one of the user's keys; false when they have no such live key. */
export async function revokeKey(db: Kysely<Database>, userId: string, keyId: string): Promise<boolean> {
  const revoked = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return revoked !== undefined;
}

export async function touchKey(db: Kysely<Database>, keyId: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', keyId).execute();
}

/**
 * Counts characters against the key's month and answers the new total, in the caller's
 * transaction; the row lock it takes makes parallel requests of one key count one after another.
 */
export async function addMonthCharactersIn(
  trx: Transaction<Database>,
  keyId: string,
  characters: number,
): Promise<number> {
  const row = await trx
    .insertInto('api_key_usage')
    .values({ key_id: keyId, month: thisMonth, characters })
    .onConflict((conflict) =>
      conflict
        .columns(['key_id', 'month'])
        .doUpdateSet((eb) => ({ characters: eb('api_key_usage.characters', '+', characters) })),
    )
    .returning('characters')
    .executeTakeFirstOrThrow();
  return row.characters;
}

/** Characters a key was charged in the current month (UTC); 0 before its first request of the month. */
export async function monthCharactersOf(db: Kysely<Database>, keyId: string): Promise<number> {
  const row = await db
    .selectFrom('api_key_usage')
    .select('characters')
    .where('key_id', '=', keyId)
    .where('month', '=', thisMonth)
    .executeTakeFirst();
  return Number(row?.characters ?? 0);
}

/** The user's callback signing secret, made on first use (two first uses at once agree on one). */
export async function signingSecretFor(db: Kysely<Database>, userId: string): Promise<string> {
  await db
    .insertInto('callback_signing_secrets')
    .values({ user_id: userId, secret: `whsec_${randomBytes(24).toString('base64url')}` })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('callback_signing_secrets')
    .select('secret')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/**
 * Gives characters back to the month they were counted in (a failed or cut-short request), in the
 * caller's transaction: the one that ends the request's task, so the refund and the task's end
 * commit together.
 */
export async function refundMonthCharactersIn(
  trx: Transaction<Database>,
  keyId: string,
  characters: number,
  countedAt: Date,
): Promise<void> {
  await trx
    .updateTable('api_key_usage')
    .set((eb) => ({ characters: sql<number>`greatest(0, ${eb.ref('characters')} - ${characters})` }))
    .where('key_id', '=', keyId)
    .where('month', '=', sql<string>`date_trunc('month', ${countedAt}::timestamptz at time zone 'utc')::date`)
    .execute();
}
