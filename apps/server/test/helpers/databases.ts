import { openAsBlob } from 'node:fs';
import { describe, inject, onTestFinished } from 'vitest';
import type { Config } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { createDatabaseOn } from './server-database.js';
import { WarmDatabases } from './warm-databases.js';

/** The PostgreSQL server for tests of the server path, if one is configured (CI sets it). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** Creates a database of its own on the test server and returns its URL and a function that drops it. */
export async function createServerDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createDatabaseOn(testDatabaseUrl);
}

let template: Promise<Blob> | undefined;

/**
 * The data folder of a migrated PGlite database with pg-boss installed, built once per run by
 * test/setup/database-template.ts. A database started from it is ready in about a third of the
 * time that creating and migrating one takes, and one lent warm (below) in a hundredth.
 */
export function migratedTemplate(): Promise<Blob> {
  const file = inject('pgliteTemplateFile');
  if (!file) {
    throw new Error('no PGlite template: the server project in vitest.config.ts builds it in its global setup');
  }
  // Backed by the file: PGlite reads it faster than a Blob built from its bytes, and it is not kept in memory.
  template ??= openAsBlob(file);
  return template;
}

const warmDatabases = new WarmDatabases(migratedTemplate);

/**
 * A PGlite database in the state of a new copy of the migrated template, lent from this worker's
 * warm ones for the current test: whoever opens it gives it back on close, and the test's end gives
 * it back in any case (test hooks run last-registered-first, so after an app the test built with it).
 */
export async function pgliteFromTemplate(): Promise<Config['database']> {
  const lease = await warmDatabases.lend();
  onTestFinished(() => lease.giveBack());
  return { kind: 'pglite', dir: 'memory://', lease };
}

type OpenedDatabase = { database: Config['database']; cleanup: () => Promise<void> };

export type DatabaseTarget = {
  name: 'PGlite' | 'PostgreSQL server';
  /** A new, empty database: for tests of migrations and of what a first start does. */
  open: () => Promise<OpenedDatabase>;
  /** A new database for the current schema: a copy of the migrated template where the target has one (PGlite). */
  openMigrated: () => Promise<OpenedDatabase>;
};

const pgliteTarget: DatabaseTarget = {
  name: 'PGlite',
  open: async () => ({ database: { kind: 'pglite', dir: 'memory://' }, cleanup: async () => {} }),
  openMigrated: async () => ({ database: await pgliteFromTemplate(), cleanup: async () => {} }),
};

async function openServerDatabase(): Promise<OpenedDatabase> {
  const { url, drop } = await createServerDatabase();
  return { database: { kind: 'postgres', url }, cleanup: drop };
}

const serverTarget: DatabaseTarget = {
  name: 'PostgreSQL server',
  open: openServerDatabase,
  // An empty database that callers migrate: copying one with CREATE DATABASE ... TEMPLATE is not worth it yet.
  openMigrated: openServerDatabase,
};

/**
 * Runs the same suite on PGlite and, when TEST_DATABASE_URL is set, on a PostgreSQL server, so
 * both behave the same. Without the variable the server suite is reported as skipped, not hidden.
 */
export function describeOnEachDatabase(title: string, suite: (target: DatabaseTarget) => void): void {
  describe(`${title} (PGlite)`, () => suite(pgliteTarget));
  describe.skipIf(!testDatabaseUrl)(`${title} (PostgreSQL server; needs TEST_DATABASE_URL)`, () => suite(serverTarget));
}

/**
 * A fresh, migrated database on the target, closed and dropped when the test ends. The migration
 * runner still runs: on a copy of the template it finds nothing to apply.
 */
export async function openMigrated(target: DatabaseTarget) {
  const { database, cleanup } = await target.openMigrated();
  const handle = await openDatabase(database);
  onTestFinished(async () => {
    await handle.close();
    await cleanup();
  });
  await migrate(handle.db);
  return { handle, database };
}
