import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createBackup } from '../../src/backup/backup.js';
import { lockFileOf } from '../../src/backup/data-folder-lock.js';
import type { BackupManifest } from '../../src/backup/manifest.js';
import { codeMigrationLevel, restoreBackup } from '../../src/backup/restore.js';
import type { Config } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { LocalStorage } from '../../src/storage/local-storage.js';
import { buildTestApp } from '../helpers/build-app.js';
import {
  answersHealthCheck,
  freePort,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-processes.js';
import { signedInUser } from '../helpers/sessions.js';
import { ADMIN_ENV, databaseText, readArchive, runCli, tempDir, writeArchive } from './backup-helpers.js';

// What `npm run restore` refuses, and the embedded database's one-process rule: each refusal says
// what is wrong in words an operator can act on, and leaves the target as it found it.

/** A small archive of an app with one customer and one stored file. */
async function smallArchive() {
  const app = await buildTestApp();
  await signedInUser(app, 'lin@example.test');
  const filesDir = app.config.storage.kind === 'local' ? app.config.storage.dir : '';
  await mkdir(path.join(filesDir, 'tasks', 'x1'), { recursive: true });
  await writeFile(path.join(filesDir, 'tasks', 'x1', 'audio.mp3'), Buffer.from('pretend audio bytes'));
  const file = path.join(await tempDir('sayso-archive-'), 'sayso.tar.gz');
  await createBackup({ database: { kind: 'pglite', db: app.db }, storage: app.config.storage, file });
  return { app, file };
}

/** A new, empty embedded database and files folder to restore into. */
async function emptyTarget() {
  const dataDir = await tempDir('sayso-target-');
  const database: Config['database'] = { kind: 'pglite', dir: 'memory://' };
  const handle: DatabaseHandle = await openDatabase(database);
  onTestFinished(() => handle.close());
  const storageConfig: Config['storage'] = { kind: 'local', dir: path.join(dataDir, 'files') };
  return { handle, storageConfig, storage: new LocalStorage(storageConfig.dir) };
}

const restoreInto = (file: string, target: Awaited<ReturnType<typeof emptyTarget>>) =>
  restoreBackup({ file, database: target.handle, storage: target.storage, storageConfig: target.storageConfig });

/** Rewrites the archive's manifest with `change`, keeping every other entry as it is. */
async function withManifest(file: string, change: (manifest: BackupManifest) => void): Promise<string> {
  const entries = await readArchive(file);
  const manifest = JSON.parse(String(entries.get('manifest.json'))) as BackupManifest;
  change(manifest);
  entries.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  const changed = `${file}.changed.tar.gz`;
  await writeArchive(changed, entries);
  return changed;
}

describe('restore refuses', () => {
  it('a database that is not empty, naming its tables, and a files folder that is not empty', async () => {
    const { app, file } = await smallArchive();
    const storageConfig: Config['storage'] = { kind: 'local', dir: path.join(await tempDir('sayso-files-'), 'files') };
    const before = await databaseText(app.db);
    await expect(
      restoreBackup({
        file,
        database: { kind: 'pglite', db: app.db },
        storage: new LocalStorage(storageConfig.dir),
        storageConfig,
      }),
    ).rejects.toThrow(/^The database is not empty: .*user \(1 row\).*Restore only into an empty database/);
    expect(await databaseText(app.db)).toEqual(before);

    const target = await emptyTarget();
    await mkdir(target.storageConfig.kind === 'local' ? target.storageConfig.dir : '', { recursive: true });
    await target.storage.put('voice-samples/u1/old.wav', Buffer.from('left over'));
    await expect(restoreInto(file, target)).rejects.toThrow(
      /^The files folder .*files is not empty: it holds 1 stored file\. Restore only into an empty data folder\.$/,
    );
  }, 120_000);

  it('an archive from a newer version (a migration level above this code’s)', async () => {
    const { file } = await smallArchive();
    const newer = await withManifest(file, (manifest) => {
      manifest.migrationLevel = codeMigrationLevel() + 1;
      manifest.productVersion = '9.9.9';
    });
    const target = await emptyTarget();
    await expect(restoreInto(newer, target)).rejects.toThrow(
      `The archive comes from a newer Sayso (9.9.9, migration level ${codeMigrationLevel() + 1}); this one knows migrations up to level ${codeMigrationLevel()}.`,
    );
    expect(await databaseText(target.handle.db)).toEqual({});
  }, 120_000);

  it('a corrupt archive: a changed byte fails its checksum, a cut archive cannot be read; nothing is written', async () => {
    const { file } = await smallArchive();
    const entries = await readArchive(file);
    const rows = entries.get('tables/user.jsonl');
    if (!rows) throw new Error('the archive has no user table');
    entries.set('tables/user.jsonl', Buffer.from(String(rows).replace('lin@example.test', 'lin@example.tesT')));
    const damaged = `${file}.damaged.tar.gz`;
    await writeArchive(damaged, entries);
    const target = await emptyTarget();
    await expect(restoreInto(damaged, target)).rejects.toThrow(
      'The archive is damaged: tables/user.jsonl (checksum mismatch). Nothing was restored.',
    );

    const audio = entries.get('files/tasks/x1/audio.mp3');
    if (!audio) throw new Error('the archive has no stored file');
    entries.set('tables/user.jsonl', rows);
    entries.set('files/tasks/x1/audio.mp3', Buffer.concat([audio, Buffer.from('!')]));
    await writeArchive(damaged, entries);
    await expect(restoreInto(damaged, target)).rejects.toThrow(
      'The archive is damaged: files/tasks/x1/audio.mp3 (checksum mismatch). Nothing was restored.',
    );

    const whole = await readFile(file);
    const cut = `${file}.cut.tar.gz`;
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restoreInto(cut, target)).rejects.toThrow(/^The archive is damaged and cannot be read/);

    // Refused before anything was written: no table, no file.
    expect(await databaseText(target.handle.db)).toEqual({});
    await expect(stat(target.storageConfig.kind === 'local' ? target.storageConfig.dir : '')).rejects.toThrow();
    // And the intact archive restores into that same target.
    await restoreInto(file, target);
    expect((await databaseText(target.handle.db)).user).toHaveLength(1);
  }, 120_000);
});

describe('the embedded database held by a running server', () => {
  it('backup and restore refuse while the server runs; once it stops, both commands work', async () => {
    const dataDir = await tempDir('sayso-held-');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RUN_WORKERS: 'false',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...ADMIN_ENV,
    };
    const server = startServerProcess('api', 'api', env);
    onTestFinished(() => stopServerProcess(server));
    await waitUntilReady(server, () => answersHealthCheck(url), 80_000);
    await readFile(lockFileOf(path.join(dataDir, 'db')), 'utf8');

    const archive = path.join(await tempDir('sayso-archive-'), 'sayso.tar.gz');
    const refused = await runCli('backup', archive, { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is open in a running Sayso server (process ${server.child.pid},`);
    expect(refused.stderr).toContain('stop the server first');
    await expect(stat(archive)).rejects.toThrow();
    const restoreRefused = await runCli('restore', archive, { DATA_DIR: dataDir });
    expect(restoreRefused.code).toBe(1);
    expect(restoreRefused.stderr).toContain('stop the server first');

    // A kill leaves the lock file behind; its process is gone, so it holds nothing.
    await stopServerProcess(server);
    const backedUp = await runCli('backup', archive, { DATA_DIR: dataDir });
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/^Backed up \d+ rows of \d+ tables \(migration level \d+\) into /);

    const restoredDir = await tempDir('sayso-restored-');
    const restored = await runCli('restore', archive, { DATA_DIR: restoredDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const again = await runCli('restore', archive, { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The database is not empty: .*app_settings/);

    const original = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
    const originalText = await databaseText(original.db);
    await original.close();
    const copy = await openDatabase({ kind: 'pglite', dir: path.join(restoredDir, 'db') });
    onTestFinished(() => copy.close());
    expect(await databaseText(copy.db)).toEqual(originalText);
  }, 240_000);
});
