import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The cheapest round trip that proves the database answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
