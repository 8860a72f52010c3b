import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { JOBS } from '@sayso/contract/jobs';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { JobQueue } from '../../src/jobs/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the migrated PGlite template (see `migratedTemplate` in helpers/databases.ts). */
    pgliteTemplateFile: string;
  }
}

/**
 * Vitest global setup of the server project. Creating a PGlite database (initdb), migrating it and
 * installing pg-boss's schema cost seconds, so they are done once per run: the resulting data
 * folder is dumped to a tarball that every test's database starts from. The database is built by
 * the app's own code on disk, as a first start would leave it, then dumped by a second PGlite.
 * Global setups load packages the way Node does, without the contract's source condition, so
 * `npm run test:unit` builds the contract first.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'sayso-db-template-'));
  const removeFolder = () => rm(folder, { recursive: true, force: true });
  try {
    project.provide('pgliteTemplateFile', await buildTemplate(folder));
  } catch (error) {
    await removeFolder();
    throw error;
  }
  return removeFolder;
}

/** Builds the migrated database in `folder` and returns the file its tarball is written to. */
async function buildTemplate(folder: string): Promise<string> {
  const dataDir = path.join(folder, 'pgdata');
  const handle = await openDatabase({ kind: 'pglite', dir: dataDir });
  try {
    await migrate(handle.db);
    const queue = await JobQueue.start(handle.jobs, { pollIntervalMs: 500, logger: pino({ level: 'silent' }) });
    // Each queue is a partition of pg-boss's job table. Made here, an app that starts on a copy
    // changes no schema, so its warm database can be lent again (test/helpers/warm-databases.ts).
    for (const name of Object.keys(JOBS) as (keyof typeof JOBS)[]) await queue.prepare(name);
    await queue.stop();
  } finally {
    await handle.close();
  }
  const pglite = await PGlite.create(dataDir);
  try {
    // Test databases hold a few rows, and starting with the default 128MB of shared buffers took a
    // third of every start (1.3 s instead of 0.8 s from this template).
    await pglite.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
    // Uncompressed: every test loads it, and loading the gzipped dump was no faster.
    const tarball = await pglite.dumpDataDir('none');
    const file = path.join(folder, 'pgdata.tar');
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
    return file;
  } finally {
    await pglite.close();
  }
}
