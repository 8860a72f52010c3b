import { sql } from 'kysely';
import { expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { type DatabaseTarget, describeOnEachDatabase } from './helpers/databases.js';

/**
 * A database on the target: empty, for the tests of migrating one, or (`migrated`) a copy of the
 * migrated template where the target has one, for tests that only need the schema in place
 * (migrating an empty PGlite costs about 6 s).
 */
async function open(target: DatabaseTarget, { migrated = false } = {}) {
  const { database, cleanup } = await (migrated ? target.openMigrated() : target.open());
  const handle = await openDatabase(database);
  onTestFinished(async () => {
    await handle.close();
    await cleanup();
  });
  return handle;
}

describeOnEachDatabase('migrations', (target) => {
  it('apply every migration once, and a second run changes nothing', async () => {
    const { db } = await open(target);
    expect(await migrate(db)).toEqual(migrations.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.selectFrom('schema_migrations').select(['version', 'name']).orderBy('version').execute();
    expect(recorded).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })));
  });

  it('apply once when several callers migrate at the same time', async () => {
    const { db } = await open(target);
    const results = await Promise.all([migrate(db), migrate(db), migrate(db)]);
    expect(results.flat().sort((a, b) => a - b)).toEqual(migrations.map((m) => m.version));
  });

  it('roll back a migration that fails, leaving earlier ones in place', async () => {
    const { db } = await open(target, { migrated: true });
    await migrate(db);
    const broken = { version: 999, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' };
    await expect(migrate(db, [...migrations, broken])).rejects.toThrow();
    const tables = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'half_done'`.execute(db);
    expect(tables.rows[0]?.n).toBe(0);
    expect(await migrate(db)).toEqual([]);
  });
});

describeOnEachDatabase('transactions', (target) => {
  it('keep concurrent transactions apart', async () => {
    const { db } = await open(target, { migrated: true });
    await migrate(db);
    await db
      .insertInto('app_settings')
      .values({ key: 'counter', value: JSON.stringify(0) })
      .execute();
    // Each transaction reads, waits, then writes: without isolation, increments would be lost.
    const increment = () =>
      db.transaction().execute(async (trx) => {
        const row = await sql<{
          value: number;
        }>`SELECT value FROM app_settings WHERE key = 'counter' FOR UPDATE`.execute(trx);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const next = Number(row.rows[0]?.value) + 1;
        await trx
          .updateTable('app_settings')
          .set({ value: JSON.stringify(next) })
          .where('key', '=', 'counter')
          .execute();
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    const final = await db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'counter')
      .executeTakeFirstOrThrow();
    expect(Number(final.value)).toBe(20);
  });
});
