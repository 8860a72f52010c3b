import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { migrateFiles } from '../../src/storage/migrate-files.js';
import { S3Storage } from '../../src/storage/s3-storage.js';
import { type FakeS3, startFakeS3 } from '../fakes/s3-server.js';
import { sha256 } from './storage-contract.js';

// `npm run storage:migrate` (issue 20, must-show 4): 200 files copied into a bucket on s3rver and
// verified, then a run that is interrupted and a rerun that resumes without copying again.

const REPO = path.resolve(import.meta.dirname, '../../../..');

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

/** A DATA_DIR whose files folder holds `count` files of 0 to 4 KiB laid out as the product lays them out. */
async function dataDirWithFiles(count: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-migrate-'));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const filesDir = path.join(dataDir, 'files');
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    const id = randomBytes(8).toString('hex');
    const key = [`tasks/${id}/audio.mp3`, `tasks/${id}/transcript.srt`, `voice-samples/u${i % 7}/${id}.wav`][i % 3];
    files.set(key as string, randomBytes((i * 37) % 4096));
  }
  for (const [key, bytes] of files) {
    await mkdir(path.dirname(path.join(filesDir, key)), { recursive: true });
    await writeFile(path.join(filesDir, key), bytes);
  }
  // What a write cut short by a crash leaves: never a stored file, never migrated.
  await writeFile(path.join(filesDir, 'tasks', 'audio.mp3.0d1e.partial'), 'half');
  return { dataDir, filesDir, files, journalPath: path.join(dataDir, 'migration.journal') };
}

/** Counts the objects `client` writes from now on. */
function countPuts(client: S3Client): { puts: number } {
  const counter = { puts: 0 };
  client.middlewareStack.add(
    (next, context) => (args) => {
      if (['PutObjectCommand', 'CreateMultipartUploadCommand'].includes(context.commandName ?? '')) counter.puts += 1;
      return next(args);
    },
    { step: 'initialize' },
  );
  return counter;
}

/** Reads every file's object straight from the bucket, past the code under test, and compares it. */
async function expectBucketHolds(files: Map<string, Buffer>) {
  for (const [key, bytes] of files) {
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
    const stored = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    expect(sha256(stored), key).toBe(sha256(bytes));
  }
}

async function objectExists(key: string): Promise<boolean> {
  return s3.client
    .send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: key }))
    .then(() => true)
    .catch(() => false);
}

describe('migrating local files into a bucket', () => {
  it('moves and verifies 200 files, and after an interruption resumes without copying again', async () => {
    const { filesDir, files, journalPath } = await dataDirWithFiles(200);
    const client = s3.newClient();
    onTestFinished(() => client.destroy());
    const counter = countPuts(client);
    const target = new S3Storage(client, s3.config.bucket);

    const interruption = new AbortController();
    let done = 0;
    const first = await migrateFiles({
      sourceDir: filesDir,
      target,
      journalPath,
      signal: interruption.signal,
      onFile: () => {
        done += 1;
        if (done === 80) interruption.abort();
      },
    });
    expect(first.stopped).toBe(true);
    expect(first.counts.failed).toBe(0);
    expect(first.counts.copied).toBeGreaterThanOrEqual(80);
    expect(first.counts.copied).toBeLessThan(200);
    const copiedFirst = first.counts.copied;
    expect(counter.puts).toBe(copiedFirst);

    const second = await migrateFiles({ sourceDir: filesDir, target, journalPath });
    expect(second).toEqual({
      total: 200,
      counts: { copied: 200 - copiedFirst, 'already verified': copiedFirst, 'verified in place': 0, failed: 0 },
      failed: [],
      stopped: false,
    });
    expect(counter.puts).toBe(200);
    await expectBucketHolds(files);
    expect(await objectExists('tasks/audio.mp3.0d1e.partial')).toBe(false);
  });

  it('verifies in place what a killed run copied but never checked, and copies again what differs', async () => {
    const { filesDir, files, journalPath } = await dataDirWithFiles(30);
    const target = new S3Storage(s3.client, s3.config.bucket);
    await migrateFiles({ sourceDir: filesDir, target, journalPath });
    // The journal lost (as if the kill came before each check was written), and one object damaged.
    await rm(journalPath);
    const [damagedKey] = files.keys();
    await s3.client.send(new PutObjectCommand({ Bucket: s3.config.bucket, Key: damagedKey, Body: 'damaged' }));

    const client = s3.newClient();
    onTestFinished(() => client.destroy());
    const puts = countPuts(client);
    const rerun = await migrateFiles({
      sourceDir: filesDir,
      target: new S3Storage(client, s3.config.bucket),
      journalPath,
    });
    expect(rerun.counts).toEqual({ copied: 1, 'already verified': 0, 'verified in place': 29, failed: 0 });
    expect(puts.puts).toBe(1);
    await expectBucketHolds(files);
  });
});

/** Runs `npm run storage:migrate`'s command line in a child process, its output read line by line. */
function runMigrateCommand(dataDir: string, onLine: (line: string, child: ChildProcess) => void) {
  const child = spawn(
    process.execPath,
    ['--conditions=sayso-source', '--import', 'tsx', 'apps/server/src/cli/storage-migrate.ts', '--concurrency', '1'],
    { cwd: REPO, env: { ...process.env, ...s3.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    onLine(line, child);
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; lines: string[]; errors: string }>(
    (resolve) => child.on('close', (code, signal) => resolve({ code, signal, lines, errors })),
  );
}

describe('npm run storage:migrate', () => {
  it('resumes after the process is killed mid-run, and finishes with every file verified', async () => {
    const { dataDir, files } = await dataDirWithFiles(200);
    let copied = 0;
    const killed = await runMigrateCommand(dataDir, (line, child) => {
      if (line.startsWith('copied: ')) copied += 1;
      if (copied === 50) child.kill('SIGKILL');
    });
    expect(killed.signal, killed.errors).toBe('SIGKILL');
    const copiedBeforeKill = killed.lines.filter((line) => line.startsWith('copied: ')).length;
    expect(copiedBeforeKill).toBeLessThan(200);

    const rerun = await runMigrateCommand(dataDir, () => {});
    expect(rerun.code, rerun.errors).toBe(0);
    const summary = rerun.lines.find((line) => line.startsWith('200 files: '));
    const match = /^200 files: (\d+) copied, (\d+) already verified, (\d+) verified in place, 0 failed$/.exec(
      summary ?? '',
    );
    expect(match, rerun.lines.join('\n')).not.toBeNull();
    const [copiedAgain = 0, skipped = 0, inPlace = 0] = [match?.[1], match?.[2], match?.[3]].map(Number);
    // Everything the killed run reported is skipped (one more if the kill fell between its journal
    // line and its output line); a file it had sent but not checked is verified in place; every
    // file is counted once, so none was sent twice.
    expect(skipped).toBeGreaterThanOrEqual(copiedBeforeKill);
    expect(skipped).toBeLessThanOrEqual(copiedBeforeKill + 1);
    expect(inPlace).toBeLessThanOrEqual(1);
    expect(copiedAgain + skipped + inPlace).toBe(200);
    await expectBucketHolds(files);
  }, 120_000);
});
