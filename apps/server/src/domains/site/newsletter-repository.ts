import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Adds an address to the newsletter; one already there keeps its first signup date. */
export async function addSubscriber(db: Kysely<Database>, email: string): Promise<void> {
  await db
    .insertInto('newsletter_subscribers')
    .values({ email })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}

/** Every subscriber, earliest first. */
export async function listSubscribers(db: Kysely<Database>): Promise<{ email: string; subscribed_at: Date }[]> {
  return db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'subscribed_at'])
    .orderBy('subscribed_at')
    .orderBy('email')
    .execute();
}
