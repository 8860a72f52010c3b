import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createBackup } from '../../src/backup/backup.js';
import { restoreBackup } from '../../src/backup/restore.js';
import type { Config } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { LocalStorage } from '../../src/storage/local-storage.js';
import { S3Storage } from '../../src/storage/s3-storage.js';
import { buildTestApp } from '../helpers/build-app.js';
import { createServerDatabase, testDatabaseUrl } from '../helpers/databases.js';
import { type FakeS3, startFakeS3 } from '../fakes/s3-server.js';
import { ADMIN_ENV, type Customer, databaseText, observe, populate, readArchive, tempDir } from './backup-helpers.js';

// Issue 39, must-show 2: a backup–restore round trip on both databases and with S3 storage. The
// source is filled through the real app; the restored database and files are opened by a new app,
// and every table's text, every customer's account, voices, history and audio bytes are compared.

const ROUND_TRIP_MS = 240_000;

/** An app over a restored database and storage, as a server started after `npm run restore` is. */
async function appOver(database: Config['database'], storage: Config['storage'], env: Record<string, string> = {}) {
  return buildTestApp({ env, override: (config) => ({ ...config, database, storage }) });
}

async function opened(database: Config['database']): Promise<DatabaseHandle> {
  const handle = await openDatabase(database);
  onTestFinished(() => handle.close());
  return handle;
}

/** Fills `source`, backs it up, restores into `target`, and answers what the customers saw before. */
async function backUpAndRestore(
  source: FastifyInstance,
  target: { database: DatabaseHandle; storage: Config['storage']; fileStorage: ReturnType<typeof storageOf> },
) {
  const customers = await populate(source);
  const before = await observe(source, customers);
  const file = path.join(await tempDir('sayso-backup-file-'), 'sayso.tar.gz');
  const written = await createBackup({
    database: { kind: source.config.database.kind, db: source.db },
    storage: source.config.storage,
    file,
    ...(source.config.storage.kind === 's3' ? { s3Client: s3.client } : {}),
  });
  const sourceText = await databaseText(source.db);
  expect(written.tables.find((table) => table.name === 'user')?.rows).toBe(2);
  expect(written.tables.find((table) => table.name === 'ledger_entries')?.rows).toBeGreaterThan(0);

  const restored = await restoreBackup({
    file,
    database: target.database,
    storage: target.fileStorage,
    storageConfig: target.storage,
  });
  expect(restored.createdAt).toBe(written.createdAt);
  expect(await databaseText(target.database.db)).toEqual(sourceText);
  return { customers, before, file, manifest: written };
}

function storageOf(storage: Config['storage']) {
  return storage.kind === 'local' ? new LocalStorage(storage.dir) : new S3Storage(s3.client, storage.bucket);
}

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

async function expectSameToCustomers(app: FastifyInstance, customers: Customer[], before: unknown) {
  expect(await observe(app, customers)).toEqual(before);
}

describe('backup and restore round trip', () => {
  it(
    'on PGlite: users, ledger, balances, voices, history and audio bytes are identical in a new data folder',
    async () => {
      const source = await buildTestApp({ env: ADMIN_ENV });
      const dataDir = await tempDir('sayso-restored-');
      const database: Config['database'] = { kind: 'pglite', dir: path.join(dataDir, 'db') };
      const storage: Config['storage'] = { kind: 'local', dir: path.join(dataDir, 'files') };
      const target = await openDatabase(database);
      const { customers, before, file, manifest } = await backUpAndRestore(source, {
        database: target,
        storage,
        fileStorage: storageOf(storage),
      });
      await target.close();
      expect(manifest.database).toBe('pglite');
      expect(manifest.storage.kind === 'local' && manifest.storage.files.length).toBeGreaterThanOrEqual(3);
      // Every file's bytes are in the archive.
      const entries = await readArchive(file);
      for (const stored of manifest.storage.kind === 'local' ? manifest.storage.files : []) {
        expect(entries.get(`files/${stored.key}`)?.length).toBe(stored.size);
      }
      await expectSameToCustomers(await appOver(database, storage), customers, before);
    },
    ROUND_TRIP_MS,
  );

  it.skipIf(!testDatabaseUrl)(
    'on a PostgreSQL server (needs TEST_DATABASE_URL): the same, into a new database',
    async () => {
      const from = await createServerDatabase();
      const to = await createServerDatabase();
      onTestFinished(async () => {
        await from.drop();
        await to.drop();
      });
      const source = await buildTestApp({
        env: ADMIN_ENV,
        override: (config) => ({ ...config, database: { kind: 'postgres', url: from.url } }),
      });
      const database: Config['database'] = { kind: 'postgres', url: to.url };
      const storage: Config['storage'] = { kind: 'local', dir: path.join(await tempDir('sayso-restored-'), 'files') };
      const target = await opened(database);
      const { customers, before, manifest } = await backUpAndRestore(source, {
        database: target,
        storage,
        fileStorage: storageOf(storage),
      });
      expect(manifest.database).toBe('postgres');
      await expectSameToCustomers(await appOver(database, storage), customers, before);
    },
    ROUND_TRIP_MS,
  );

  it(
    'with S3 storage on s3rver: the archive lists the objects, and restore finds each one in the bucket',
    async () => {
      // The AWS SDK reads its credentials from the process's environment, not from the app's config.
      vi.stubEnv('AWS_ACCESS_KEY_ID', s3.env.AWS_ACCESS_KEY_ID ?? '');
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.env.AWS_SECRET_ACCESS_KEY ?? '');
      const source = await buildTestApp({ env: { ...ADMIN_ENV, ...s3.env } });
      const database: Config['database'] = { kind: 'pglite', dir: path.join(await tempDir('sayso-restored-'), 'db') };
      const target = await openDatabase(database);
      // The bucket itself is copied by `aws s3 sync` (docs/operations.md); here it is the same bucket.
      const { customers, before, file, manifest } = await backUpAndRestore(source, {
        database: target,
        storage: s3.config,
        fileStorage: storageOf(s3.config),
      });
      expect(manifest.storage.kind).toBe('s3');
      const objects = manifest.storage.kind === 's3' ? manifest.storage.objects : [];
      expect(objects.length).toBeGreaterThanOrEqual(3);
      expect(objects.every((object) => object.etag.length > 0 && object.size > 0)).toBe(true);
      // The archive holds the database only: no file's bytes.
      expect([...(await readArchive(file)).keys()].filter((name) => name.startsWith('files/'))).toEqual([]);
      await target.close();
      await expectSameToCustomers(await appOver(database, s3.config, s3.env), customers, before);

      // Storage that lacks the objects (a bucket not copied yet) is refused, with the keys missing.
      const uncopied = await opened({ kind: 'pglite', dir: 'memory://' });
      const emptyFolder: Config['storage'] = { kind: 'local', dir: path.join(await tempDir('sayso-empty-'), 'files') };
      const keys = objects.map((object) => object.key);
      await expect(
        restoreBackup({ file, database: uncopied, storage: storageOf(emptyFolder), storageConfig: emptyFolder }),
      ).rejects.toThrow(`The storage lacks ${keys.length} of the ${keys.length} objects the archive lists: ${keys[0]}`);
      expect(await databaseText(uncopied.db)).toEqual({});
    },
    ROUND_TRIP_MS,
  );
});
