import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Returns the secret stored under `key`, creating a random one the first time. Every process on
 * the same database reads the same value, so cookies signed by one are accepted by all.
 */
export async function loadOrCreateSecret(db: Kysely<Database>, key: string): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key, value: JSON.stringify(randomBytes(32).toString('base64url')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return String(row.value);
}
