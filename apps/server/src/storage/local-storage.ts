import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, type ByteRange, type FileStorage, type StoredFile } from './file-storage.js';

/** Files in a folder on local disk. Writes go to a temporary name first, so readers never see half a file. */
export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<StoredFile> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.partial`;
    await writeFile(temporary, data);
    await rename(temporary, target);
    return { key, size: data.length };
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
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
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
