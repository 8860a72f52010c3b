import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { pgliteFromTemplate } from '../helpers/databases.js';

describe('the migrated database template', () => {
  it('gives databases that need no migration and have pg-boss installed', async () => {
    const handle = await openDatabase(await pgliteFromTemplate());
    onTestFinished(() => handle.close());
    expect(await migrate(handle.db)).toEqual([]);
    const boss = await sql<{
      versions: number;
    }>`SELECT count(*)::int AS versions FROM pgboss.version`.execute(handle.db);
    expect(boss.rows[0]?.versions).toBe(1);
  });
});
