import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { S3Client } from '@aws-sdk/client-s3';
import { type Pack, pack as tarPack } from 'tar-stream';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { isPartialFile } from '../storage/local-storage.js';
import { version } from '../version.js';
import { listBucket } from './bucket-objects.js';
import {
  type BackupManifest,
  FILE_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  type TableManifest,
  tableEntry,
} from './manifest.js';
import { applicationTables, inSnapshot, migrationLevel, sequenceStates, tableRows } from './snapshot-repository.js';

export interface BackupOptions {
  database: Pick<DatabaseHandle, 'kind' | 'db'>;
  storage: Config['storage'];
  /** Where the archive goes; it appears there whole or not at all. */
  file: string;
  /** The client that lists the bucket (STORAGE=s3); by default one from the S3 settings. */
  s3Client?: S3Client;
}

/** Hashes and counts the bytes that pass through. */
function fingerprinting() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

interface DumpedTable extends TableManifest {
  part: string;
}

/**
 * Writes every application table into a file of its own in `dir`, all in one snapshot, and reads
 * the migration level and the sequences in that same snapshot.
 */
async function dumpDatabase(database: Pick<DatabaseHandle, 'kind' | 'db'>, dir: string) {
  return inSnapshot(database.db, async (trx) => {
    const level = await migrationLevel(trx);
    if (level === null) throw new Error('The database has no tables yet: start the server once, or restore into it.');
    const tables: DumpedTable[] = [];
    for (const table of await applicationTables(trx)) {
      const part = path.join(dir, `${tables.length}.jsonl`);
      const out = createWriteStream(part);
      const hash = createHash('sha256');
      let rows = 0;
      let bytes = 0;
      for await (const batch of tableRows(trx, table.name)) {
        const text = Buffer.from(`${batch.join('\n')}\n`, 'utf8');
        hash.update(text);
        bytes += text.length;
        rows += batch.length;
        if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      tables.push({ name: table.name, columns: table.columns, rows, bytes, sha256: hash.digest('hex'), part });
    }
    return { level, tables, sequences: await sequenceStates(trx) };
  });
}

/** The keys of the files under the local storage's folder, without writes a crash left half-done. */
async function localKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile() && !isPartialFile(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Adds one entry whose bytes come from `source`, `size` long; answers its size and SHA-256. */
async function addEntry(pack: Pack, name: string, size: number, source: NodeJS.ReadableStream) {
  const seen = fingerprinting();
  let finished!: Promise<void>;
  const entry = await new Promise<NodeJS.WritableStream>((resolve) => {
    finished = new Promise<void>((done, fail) => {
      resolve(pack.entry({ name, size, mode: 0o644 }, (error) => (error ? fail(error) : done())));
    });
  });
  await pipeline(source, seen.stream, entry);
  await finished;
  return seen.result();
}

/**
 * Writes one archive: the database as one consistent snapshot, and the stored files (local
 * storage) or the list of the bucket's objects (S3). Answers the manifest it wrote.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const target = path.resolve(options.file);
  const work = await mkdtemp(path.join(path.dirname(target), '.sayso-backup-'));
  const partial = path.join(work, 'archive.tar.gz');
  try {
    const dump = await dumpDatabase(options.database, work);
    const pack = tarPack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial));
    // A failure of the writing side must end the packing too, not leave it waiting for room.
    written.catch((error: unknown) => pack.destroy(error instanceof Error ? error : new Error(String(error))));

    for (const table of dump.tables) {
      await addEntry(pack, tableEntry(table.name), table.bytes, createReadStream(table.part));
    }
    let storage: BackupManifest['storage'];
    if (options.storage.kind === 'local') {
      const files: { key: string; size: number; sha256: string }[] = [];
      const vanished: string[] = [];
      for (const key of await localKeys(options.storage.dir)) {
        const file = path.join(options.storage.dir, ...key.split('/'));
        // A running server (PostgreSQL) may delete a file after the snapshot; the archive says so.
        const size = await stat(file).then(
          (s) => s.size,
          () => null,
        );
        if (size === null) {
          vanished.push(key);
          continue;
        }
        files.push({ key, ...(await addEntry(pack, `${FILE_PREFIX}${key}`, size, createReadStream(file))) });
      }
      storage = { kind: 'local', files, vanished };
    } else {
      const { createS3Client } = await import('../storage/s3-storage.js');
      const client = options.s3Client ?? createS3Client(options.storage);
      try {
        storage = {
          kind: 's3',
          bucket: options.storage.bucket,
          objects: await listBucket(client, options.storage.bucket),
        };
      } finally {
        if (!options.s3Client) client.destroy();
      }
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      productVersion: version,
      migrationLevel: dump.level,
      database: options.database.kind,
      createdAt: new Date().toISOString(),
      tables: dump.tables.map(({ part: _part, ...table }) => table),
      sequences: dump.sequences,
      storage,
    };
    pack.entry({ name: MANIFEST_ENTRY, mode: 0o644 }, `${JSON.stringify(manifest, null, 2)}\n`);
    pack.finalize();
    await written;
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
