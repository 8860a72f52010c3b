import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import { BackupError } from './manifest.js';

export interface EntryFingerprint {
  size: number;
  sha256: string;
}

/**
 * Calls `onEntry` for each entry of a gzip-compressed tar, in order, with a stream of its bytes
 * that must be read to its end. A truncated or garbled archive rejects with a BackupError.
 */
export async function eachEntry(file: string, onEntry: (name: string, body: Readable) => Promise<void>): Promise<void> {
  const extract = tarExtract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  // Awaited below; a failure may come while an entry is being read, before that await is reached.
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') {
        entry.resume();
        continue;
      }
      // streamx's entry stream reads like a Node Readable for what is done with it here (iterate, pipe, resume).
      await onEntry(entry.header.name, entry as unknown as Readable);
    }
    await reading;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`No archive at ${file}.`);
    throw new BackupError(
      `The archive is damaged and cannot be read (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}

/** Reads a stream to its end, answering its size and SHA-256; with `copyTo`, also writes it there. */
export async function fingerprint(body: Readable, copyTo?: string): Promise<EntryFingerprint> {
  const hash = createHash('sha256');
  let size = 0;
  const seen = (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
  };
  if (copyTo) {
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen(chunk);
        done(null, chunk);
      },
    });
    await pipeline(body, counting, createWriteStream(copyTo));
  } else {
    for await (const chunk of body) seen(chunk as Buffer);
  }
  return { size, sha256: hash.digest('hex') };
}

export const partFile = (dir: string, index: number) => path.join(dir, `${index}.jsonl`);
