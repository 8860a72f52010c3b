import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

// Creates the data folder (PGlite runs initdb in a WebAssembly instance of its own) and closes it.
const CREATE_DATA_DIR = `
const [pglite, dir] = process.argv.slice(1);
const { PGlite } = await import(pglite);
const db = await PGlite.create(dir);
await db.close();
`;

/**
 * Creates a new PGlite data folder in a short-lived child process. Done in the server's own
 * process, initdb's WebAssembly heap (about 500 MiB) stayed resident until V8 happened to collect
 * it, and even a worker thread left ~130 MiB with the allocator once it ended: a fresh server sat
 * near 1 GiB at rest. A process gives all of it back when it exits. A folder that already holds a
 * database is left alone.
 */
export async function createPGliteDataDir(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  try {
    // Resolved here, as the child's working folder may be anywhere.
    const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
    await run(process.execPath, ['--input-type=module', '-e', CREATE_DATA_DIR, pglite, dir]);
  } catch (error) {
    const detail = error instanceof Error && 'stderr' in error ? String(error.stderr).trim() : String(error);
    throw new Error(`could not create the embedded database in ${dir}: ${detail}`);
  }
}
