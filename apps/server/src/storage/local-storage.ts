import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, type ByteRange, type FileStorage, MissingFileError, type StoredFile } from './file-storage.js';

/** The suffix of a file still being written; such files are never a stored file (see isPartialFile). */
const PARTIAL_SUFFIX = '.partial';

/** True for the temporary name of an unfinished write (left behind only when a process died mid-write). */
export const isPartialFile = (name: string) => name.endsWith(PARTIAL_SUFFIX);

/** Files in a folder on local disk. Writes go to a temporary name first, so readers never see half a file. */
export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  /** Writes through a temporary name and renames it into place: rename is atomic on one file system. */
  private async writeAtomically(key: string, write: (temporary: string) => Promise<void>): Promise<StoredFile> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}${PARTIAL_SUFFIX}`;
    try {
      await write(temporary);
      const { size } = await stat(temporary);
      await rename(temporary, target);
      return { key, size };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  put(key: string, data: Buffer): Promise<StoredFile> {
    return this.writeAtomically(key, (temporary) => writeFile(temporary, data));
  }

  putStream(key: string, body: Readable): Promise<StoredFile> {
    return this.writeAtomically(key, (temporary) => pipeline(body, createWriteStream(temporary)));
  }

  async stat(key: string): Promise<StoredFile | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { key, size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    // Opened before the stream is handed out, so a missing file rejects here (as it does from a
    // bucket) rather than failing a response whose headers are already sent.
    const handle = await open(this.pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new MissingFileError(key) : error;
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async isHealthy(): Promise<boolean> {
    await mkdir(this.root, { recursive: true });
    await access(this.root);
    return true;
  }
}
