import { type Kysely, sql } from 'kysely';
import { migrations as allMigrations, type Migration } from './migrations/index.js';
import type { Database } from './schema.js';

// Any fixed number: every process that migrates takes the same transaction-level lock.
const MIGRATION_LOCK_ID = 7_411_019;

/**
 * Applies pending migrations in one transaction under an advisory lock, so several processes
 * starting together on one PostgreSQL server apply each migration exactly once.
 * Returns the versions applied by this call.
 */
export async function migrate(db: Kysely<Database>, migrations: Migration[] = allMigrations): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await sql`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )
    `.execute(trx);
    const done = new Set((await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await sql.raw(migration.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: migration.version, name: migration.name }).execute();
      applied.push(migration.version);
    }
    return applied;
  });
}
