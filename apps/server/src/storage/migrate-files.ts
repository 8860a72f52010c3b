import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { appendFile, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, type FileStorage } from './file-storage.js';
import { isPartialFile } from './local-storage.js';

/**
 * Copies a local files folder into another storage (a bucket) under the same keys, and proves
 * each copy by reading it back: same size, same SHA-256. Resumable: a journal records each
 * verified copy, so a run that was stopped or killed goes on where it was, and an object that
 * was copied but not yet verified is verified in place rather than sent again.
 */

export type MigrationOutcome = 'copied' | 'already verified' | 'verified in place' | 'failed';

export interface MigratedFile {
  key: string;
  size: number;
  outcome: MigrationOutcome;
  /** Why a file failed. */
  reason?: string;
}

export interface MigrationOptions {
  /** The local folder whose files move (DATA_DIR/files). */
  sourceDir: string;
  target: FileStorage;
  /** One line per verified copy; kept beside the data, read again by the next run. */
  journalPath: string;
  /** Stops starting new files; those under way finish (Ctrl-C, or a test's interruption). */
  signal?: AbortSignal;
  /** Files moved at once: a bucket is far away, so several in flight hide its latency. */
  concurrency?: number;
  onFile?: (file: MigratedFile) => void;
}

export interface MigrationReport {
  /** Files found in the source folder. */
  total: number;
  counts: Record<MigrationOutcome, number>;
  failed: MigratedFile[];
  /** True when the signal stopped the run before every file was done. */
  stopped: boolean;
}

interface Fingerprint {
  size: number;
  sha256: string;
}

async function fingerprint(stream: Readable): Promise<Fingerprint> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    hash.update(bytes);
  }
  return { size, sha256: hash.digest('hex') };
}

const sameFingerprint = (a: Fingerprint, b: Fingerprint | undefined) =>
  b !== undefined && a.size === b.size && a.sha256 === b.sha256;

/** The keys of the stored files under `root`, skipping writes a crashed process left unfinished. */
async function listKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !isPartialFile(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Journal lines are "<sha256> <size> <key>"; a line cut short by a kill is ignored. */
async function readJournal(journalPath: string): Promise<Map<string, Fingerprint>> {
  const text = await readFile(journalPath, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const verified = new Map<string, Fingerprint>();
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]{64}) (\d+) (\S+)$/.exec(line);
    if (match?.[1] && match[2] && match[3]) verified.set(match[3], { sha256: match[1], size: Number(match[2]) });
  }
  return verified;
}

async function migrateOne(
  key: string,
  options: MigrationOptions,
  journal: Map<string, Fingerprint>,
): Promise<MigratedFile> {
  const file = path.join(options.sourceDir, ...key.split('/'));
  const local = await fingerprint(createReadStream(file));
  const there = await options.target.stat(key);
  if (there?.size === local.size && sameFingerprint(local, journal.get(key))) {
    return { key, size: local.size, outcome: 'already verified' };
  }
  // Present with the right size but not in the journal: a run stopped between copy and check.
  let outcome: MigrationOutcome = 'verified in place';
  let copy = there?.size === local.size ? await fingerprint(await options.target.read(key)) : undefined;
  if (!sameFingerprint(local, copy)) {
    await options.target.putStream(key, createReadStream(file));
    copy = await fingerprint(await options.target.read(key));
    outcome = 'copied';
  }
  if (!sameFingerprint(local, copy)) {
    return { key, size: local.size, outcome: 'failed', reason: 'the copy read back differs from the file' };
  }
  await appendFile(options.journalPath, `${local.sha256} ${local.size} ${key}\n`);
  return { key, size: local.size, outcome };
}

export async function migrateFiles(options: MigrationOptions): Promise<MigrationReport> {
  const keys = await listKeys(options.sourceDir);
  const journal = await readJournal(options.journalPath);
  const report: MigrationReport = {
    total: keys.length,
    counts: { copied: 0, 'already verified': 0, 'verified in place': 0, failed: 0 },
    failed: [],
    stopped: false,
  };
  const record = (file: MigratedFile) => {
    report.counts[file.outcome] += 1;
    if (file.outcome === 'failed') report.failed.push(file);
    options.onFile?.(file);
  };
  let next = 0;
  const worker = async () => {
    while (next < keys.length && !options.signal?.aborted) {
      const key = keys[next] as string; // next < keys.length was just checked
      next += 1;
      try {
        assertValidKey(key);
        record(await migrateOne(key, options, journal));
      } catch (error) {
        record({ key, size: 0, outcome: 'failed', reason: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  report.stopped = next < keys.length;
  return report;
}
