import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, onTestFinished } from 'vitest';
import type { Config } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';

/** The PostgreSQL server for tests of the server path, if one is configured (CI sets it). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** Creates a database of its own on the test server and returns its URL and a function that drops it. */
export async function createServerDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sayso_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export type DatabaseTarget = {
  name: 'PGlite' | 'PostgreSQL server';
  open: () => Promise<{ database: Config['database']; cleanup: () => Promise<void> }>;
};

const pgliteTarget: DatabaseTarget = {
  name: 'PGlite',
  open: async () => ({ database: { kind: 'pglite', dir: 'memory://' }, cleanup: async () => {} }),
};

const serverTarget: DatabaseTarget = {
  name: 'PostgreSQL server',
  open: async () => {
    const { url, drop } = await createServerDatabase();
    return { database: { kind: 'postgres', url }, cleanup: drop };
  },
};

/**
 * Runs the same suite on PGlite and, when TEST_DATABASE_URL is set, on a PostgreSQL server, so
 * both behave the same. Without the variable the server suite is reported as skipped, not hidden.
 */
export function describeOnEachDatabase(title: string, suite: (target: DatabaseTarget) => void): void {
  describe(`${title} (PGlite)`, () => suite(pgliteTarget));
  describe.skipIf(!testDatabaseUrl)(`${title} (PostgreSQL server; needs TEST_DATABASE_URL)`, () => suite(serverTarget));
}

/** A fresh, migrated database on the target, closed and dropped when the test ends. */
export async function openMigrated(target: DatabaseTarget) {
  const { database, cleanup } = await target.open();
  const handle = await openDatabase(database);
  await migrate(handle.db);
  onTestFinished(async () => {
    await handle.close();
    await cleanup();
  });
  return { handle, database };
}
