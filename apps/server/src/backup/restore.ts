import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
import { inTransaction } from '../db/unit-of-work.js';
import { assertValidKey, type FileStorage } from '../storage/file-storage.js';
import { isPartialFile } from '../storage/local-storage.js';
import { type EntryFingerprint, eachEntry, fingerprint, partFile } from './archive-reader.js';
import {
  type BackupManifest,
  BackupError,
  FILE_PREFIX,
  MANIFEST_ENTRY,
  parseManifest,
  tableEntry,
} from './manifest.js';
import {
  applicationTables,
  deferConstraints,
  foreignKeyEdges,
  insertRows,
  migrationLevel,
  rowCounts,
  setSequence,
} from './snapshot-repository.js';

export interface RestoreOptions {
  file: string;
  database: Pick<DatabaseHandle, 'kind' | 'db'>;
  storage: FileStorage;
  storageConfig: Config['storage'];
  /** A line for the operator at each step. */
  onStep?: (line: string) => void;
}

/** The highest migration this code knows. */
export const codeMigrationLevel = () => Math.max(...migrations.map((migration) => migration.version));

/** Rows per insert statement. */
const INSERT_BATCH = 500;
/** How many names a refusal lists before it says how many more there are. */
const LISTED = 20;

const listed = (names: string[]) =>
  names.length > LISTED ? `${names.slice(0, LISTED).join(', ')} and ${names.length - LISTED} more` : names.join(', ');

interface CheckedArchive {
  manifest: BackupManifest;
  /** The extracted rows of each table, by table name. */
  parts: Map<string, string>;
}

/**
 * Reads the whole archive once: the manifest, a fingerprint of every entry, and the tables'
 * rows into `work`. Any entry that differs from the manifest's size or SHA-256, is missing or is
 * not in it refuses the archive before anything is written to the target.
 */
async function checkArchive(file: string, work: string): Promise<CheckedArchive> {
  const seen = new Map<string, EntryFingerprint>();
  const extracted = new Map<string, string>();
  let manifestText: string | null = null;
  await eachEntry(file, async (name, body) => {
    if (name === MANIFEST_ENTRY) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      manifestText = Buffer.concat(chunks).toString('utf8');
      return;
    }
    if (name.startsWith('tables/')) {
      const part = partFile(work, extracted.size);
      extracted.set(name, part);
      seen.set(name, await fingerprint(body, part));
      return;
    }
    seen.set(name, await fingerprint(body));
  });
  if (manifestText === null)
    throw new BackupError('The archive is damaged or not a Sayso backup: it has no manifest.json.');
  const manifest = parseManifest(manifestText);

  const expected = new Map<string, EntryFingerprint>(
    manifest.tables.map((table) => [tableEntry(table.name), { size: table.bytes, sha256: table.sha256 }]),
  );
  if (manifest.storage.kind === 'local') {
    for (const stored of manifest.storage.files) expected.set(`${FILE_PREFIX}${stored.key}`, stored);
  }
  const damaged: string[] = [];
  for (const [name, wanted] of expected) {
    const found = seen.get(name);
    if (!found) damaged.push(`${name} (missing)`);
    else if (found.size !== wanted.size || found.sha256 !== wanted.sha256) damaged.push(`${name} (checksum mismatch)`);
  }
  for (const name of seen.keys()) if (!expected.has(name)) damaged.push(`${name} (not in the manifest)`);
  if (damaged.length > 0) {
    throw new BackupError(`The archive is damaged: ${listed(damaged)}. Nothing was restored.`);
  }
  const parts = new Map<string, string>();
  for (const table of manifest.tables) parts.set(table.name, extracted.get(tableEntry(table.name)) ?? '');
  return { manifest, parts };
}

/** Stored files under a local storage folder (a crashed write's leftovers aside). */
async function localFileCount(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && !isPartialFile(entry.name)).length;
}

/** Refuses a target that holds anything, naming what it holds. */
async function checkTargetEmpty(options: RestoreOptions, archiveLevel: number): Promise<void> {
  const level = await migrationLevel(options.database.db);
  const filled = [...(await rowCounts(options.database.db))].filter(([, count]) => count > 0);
  if (filled.length > 0) {
    const what = filled.map(([table, count]) => `${table} (${count} ${count === 1 ? 'row' : 'rows'})`);
    throw new BackupError(
      `The database is not empty: ${listed(what)}. Restore only into an empty database` +
        (options.database.kind === 'pglite'
          ? ' (a new DATA_DIR, or move DATA_DIR/db away first).'
          : ' (create a new one, or drop and recreate this one).'),
    );
  }
  if (level !== null && level > archiveLevel) {
    throw new BackupError(
      `The database is empty but already migrated to level ${level}, past the archive's level ${archiveLevel}: ` +
        'restore into a new database, before any server has started on it.',
    );
  }
  if (options.storageConfig.kind === 'local') {
    const files = await localFileCount(options.storageConfig.dir);
    if (files > 0) {
      throw new BackupError(
        `The files folder ${options.storageConfig.dir} is not empty: it holds ${files} stored ${files === 1 ? 'file' : 'files'}. ` +
          'Restore only into an empty data folder.',
      );
    }
  }
}

/** With S3 storage the archive lists the bucket's objects: each must be there, copied beforehand. */
async function checkObjectsPresent(options: RestoreOptions, manifest: BackupManifest): Promise<void> {
  if (manifest.storage.kind !== 's3') return;
  const missing: string[] = [];
  for (const object of manifest.storage.objects) {
    const found = await options.storage.stat(object.key);
    if (!found) missing.push(object.key);
    else if (found.size !== object.size) missing.push(`${object.key} (${found.size} bytes, archived ${object.size})`);
  }
  if (missing.length > 0) {
    throw new BackupError(
      `The storage lacks ${missing.length} of the ${manifest.storage.objects.length} objects the archive lists: ${listed(missing)}. ` +
        `Copy bucket ${manifest.storage.bucket} first (docs/operations.md, "Backup and restore"). Nothing was restored.`,
    );
  }
}

/** Tables in an order where each comes after every table its foreign keys point at. */
export function foreignKeyOrder(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const waitingOn = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (child !== parent && waitingOn.has(parent)) waitingOn.get(child)?.add(parent);
  }
  const order: string[] = [];
  while (waitingOn.size > 0) {
    const ready = [...waitingOn].filter(([, parents]) => parents.size === 0).map(([table]) => table);
    if (ready.length === 0) {
      throw new BackupError(`These tables' foreign keys form a cycle: ${[...waitingOn.keys()].join(', ')}.`);
    }
    for (const table of ready.sort()) {
      order.push(table);
      waitingOn.delete(table);
      for (const parents of waitingOn.values()) parents.delete(table);
    }
  }
  return order;
}

/** The rows of one extracted table, in batches of JSON texts. */
async function* batches(part: string): AsyncGenerator<string[]> {
  let batch: string[] = [];
  for await (const line of createInterface({ input: createReadStream(part), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length === INSERT_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Writes the archived files into the storage, then reads each one back to compare its SHA-256. */
async function restoreFiles(options: RestoreOptions, manifest: BackupManifest, written: string[]): Promise<void> {
  if (manifest.storage.kind !== 'local' || manifest.storage.files.length === 0) return;
  const wanted = new Map(manifest.storage.files.map((file) => [file.key, file]));
  await eachEntry(options.file, async (name, body) => {
    if (!name.startsWith(FILE_PREFIX)) {
      body.resume();
      return;
    }
    const key = name.slice(FILE_PREFIX.length);
    assertValidKey(key);
    await options.storage.putStream(key, body);
    written.push(key);
  });
  const differing: string[] = [];
  for (const key of written) {
    const copy = await fingerprint(await options.storage.read(key));
    const file = wanted.get(key);
    if (!file || copy.size !== file.size || copy.sha256 !== file.sha256) differing.push(key);
  }
  if (differing.length > 0) {
    throw new BackupError(`These files read back differently from the archive: ${listed(differing)}.`);
  }
}

/**
 * Restores an archive into an empty database and storage: checks the whole archive first, then
 * migrates to the archive's level, inserts every table's rows in foreign-key order, sets the
 * sequences, writes and verifies the files, and commits only when all of that succeeded.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const step = options.onStep ?? (() => {});
  // Beside the archive (room for its tables), or the system's temporary folder where that is read-only.
  const work = await mkdtemp(path.join(path.dirname(path.resolve(options.file)), '.sayso-restore-')).catch(() =>
    mkdtemp(path.join(tmpdir(), 'sayso-restore-')),
  );
  try {
    step('Checking the archive…');
    const { manifest, parts } = await checkArchive(options.file, work);
    const known = codeMigrationLevel();
    if (manifest.migrationLevel > known) {
      throw new BackupError(
        `The archive comes from a newer Sayso (${manifest.productVersion}, migration level ${manifest.migrationLevel}); ` +
          `this one knows migrations up to level ${known}. Restore it with Sayso ${manifest.productVersion} or newer.`,
      );
    }
    await checkTargetEmpty(options, manifest.migrationLevel);
    await checkObjectsPresent(options, manifest);

    step(`Migrating the database to level ${manifest.migrationLevel}…`);
    await migrate(
      options.database.db,
      migrations.filter((migration) => migration.version <= manifest.migrationLevel),
    );
    const shapes = new Map((await applicationTables(options.database.db)).map((table) => [table.name, table.columns]));
    const unknown = manifest.tables.filter((table) => !shapes.has(table.name)).map((table) => table.name);
    if (unknown.length > 0) throw new BackupError(`The migrated database has no table ${unknown.join(', ')}.`);
    const order = foreignKeyOrder(
      manifest.tables.map((table) => table.name),
      await foreignKeyEdges(options.database.db),
    );
    const byName = new Map(manifest.tables.map((table) => [table.name, table]));

    const written: string[] = [];
    try {
      await inTransaction(options.database.db, async (trx) => {
        await deferConstraints(trx);
        for (const name of order) {
          const table = byName.get(name);
          const part = parts.get(name);
          if (!table || !part || table.rows === 0) continue;
          const insertable = new Set(shapes.get(name));
          const columns = table.columns.filter((column) => insertable.has(column));
          step(`Restoring ${name} (${table.rows} rows)…`);
          for await (const rows of batches(part)) await insertRows(trx, name, columns, rows);
        }
        for (const sequence of manifest.sequences) await setSequence(trx, sequence);
        const counts = await rowCounts(trx);
        const short = manifest.tables.filter((table) => counts.get(table.name) !== table.rows);
        if (short.length > 0) {
          throw new BackupError(
            `Row counts differ from the archive after restore: ${short.map((t) => t.name).join(', ')}.`,
          );
        }
        if (manifest.storage.kind === 'local') step(`Restoring ${manifest.storage.files.length} files…`);
        await restoreFiles(options, manifest, written);
      });
    } catch (error) {
      // The database rolled back; the files written so far go too, so the target is empty again.
      await Promise.all(written.map((key) => options.storage.delete(key).catch(() => {})));
      throw error;
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
