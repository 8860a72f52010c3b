import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { type FileStorage, MissingFileError } from '../../src/storage/file-storage.js';

/**
 * What every FileStorage must do, whichever is configured: one body of tests run against local
 * disk (local-storage.test.ts) and against a bucket on s3rver (s3-storage.test.ts), so code above
 * the interface can rely on the same behaviour from both.
 */

const MiB = 1024 * 1024;

/**
 * `size` bytes that differ with `seed`, made in 64 KiB pieces as a renderer would stream them;
 * with `failAtEnd` the stream then fails instead of ending, like a render that crashes or a client
 * that hangs up, at the moment the reader asks for more (so what came before was taken).
 */
export function generatedBytes(size: number, seed: number, failAtEnd = false): Readable {
  let made = 0;
  return new Readable({
    read() {
      if (made >= size) {
        if (failAtEnd) this.destroy(new Error('the source broke off'));
        else this.push(null);
        return;
      }
      const piece = Buffer.alloc(Math.min(64 * 1024, size - made));
      for (let i = 0; i < piece.length; i += 1) piece[i] = (made + i + seed * 31) % 251;
      made += piece.length;
      this.push(piece);
    },
  });
}

export const failingAfter = (size: number) => generatedBytes(size, 7, true);

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const readAll = async (storage: FileStorage, key: string, range?: { start: number; end: number }) =>
  buffer(await storage.read(key, range));

export function describeStorageContract(name: string, open: () => Promise<FileStorage>): void {
  describe(`${name} keeps the FileStorage contract:`, () => {
    it('stores a file and gives back its size and its bytes', async () => {
      const storage = await open();
      const stored = await storage.put('tasks/t1/audio.mp3', Buffer.from('0123456789'));
      expect(stored).toEqual({ key: 'tasks/t1/audio.mp3', size: 10 });
      expect(await storage.stat('tasks/t1/audio.mp3')).toEqual({ key: 'tasks/t1/audio.mp3', size: 10 });
      expect((await readAll(storage, 'tasks/t1/audio.mp3')).toString()).toBe('0123456789');
    });

    it('reads byte ranges with the end included: the first bytes, a middle slice, the last byte', async () => {
      const storage = await open();
      await storage.put('tasks/t1/audio.mp3', Buffer.from('0123456789'));
      const slice = async (start: number, end: number) =>
        (await readAll(storage, 'tasks/t1/audio.mp3', { start, end })).toString();
      expect(await slice(0, 1)).toBe('01');
      expect(await slice(2, 4)).toBe('234');
      expect(await slice(9, 9)).toBe('9');
    });

    it('streams a large file in and reads it back the same, whole and across a part boundary', async () => {
      const storage = await open();
      const size = 11 * MiB + 123;
      const expected = await buffer(generatedBytes(size, 1));
      const stored = await storage.putStream('tasks/big/audio.mp3', generatedBytes(size, 1));
      expect(stored).toEqual({ key: 'tasks/big/audio.mp3', size });
      expect(await storage.stat('tasks/big/audio.mp3')).toEqual({ key: 'tasks/big/audio.mp3', size });
      expect(sha256(await readAll(storage, 'tasks/big/audio.mp3'))).toBe(sha256(expected));
      // 5 MiB is where an S3 multipart upload starts its second part.
      const across = { start: 5 * MiB - 10, end: 5 * MiB + 9 };
      expect(await readAll(storage, 'tasks/big/audio.mp3', across)).toEqual(
        expected.subarray(across.start, across.end + 1),
      );
    });

    it('answers a missing key: stat is null, read rejects with MissingFileError, delete is a no-op', async () => {
      const storage = await open();
      expect(await storage.stat('tasks/none/audio.mp3')).toBeNull();
      await expect(storage.read('tasks/none/audio.mp3')).rejects.toBeInstanceOf(MissingFileError);
      await expect(storage.read('tasks/none/audio.mp3', { start: 0, end: 1 })).rejects.toBeInstanceOf(MissingFileError);
      await expect(storage.delete('tasks/none/audio.mp3')).resolves.toBeUndefined();
    });

    it('deletes a file, after which it is missing', async () => {
      const storage = await open();
      await storage.put('voice-previews/v1.mp3', Buffer.from('preview'));
      await storage.delete('voice-previews/v1.mp3');
      expect(await storage.stat('voice-previews/v1.mp3')).toBeNull();
      await expect(storage.read('voice-previews/v1.mp3')).rejects.toBeInstanceOf(MissingFileError);
    });

    it('replaces a file whole when a shorter one is put under its key', async () => {
      const storage = await open();
      await storage.put('previews/e/v2/a.mp3', Buffer.from('a longer first version'));
      await storage.put('previews/e/v2/a.mp3', Buffer.from('short'));
      expect((await readAll(storage, 'previews/e/v2/a.mp3')).toString()).toBe('short');
    });

    it('keeps exactly one whole file when several writers put the same key at once', async () => {
      const storage = await open();
      const size = 6 * MiB;
      const versions = await Promise.all(
        [1, 2, 3].map(async (seed) => sha256(await buffer(generatedBytes(size, seed)))),
      );
      await Promise.all([
        storage.putStream('tasks/race/audio.mp3', generatedBytes(size, 1)),
        storage.putStream('tasks/race/audio.mp3', generatedBytes(size, 2)),
        storage.put('tasks/race/audio.mp3', await buffer(generatedBytes(size, 3))),
      ]);
      expect(versions).toContain(sha256(await readAll(storage, 'tasks/race/audio.mp3')));
      expect(await storage.stat('tasks/race/audio.mp3')).toEqual({ key: 'tasks/race/audio.mp3', size });
    });

    it('leaves no file when a streamed put breaks off, and keeps the one that was there', async () => {
      const storage = await open();
      await expect(storage.putStream('tasks/cut/audio.mp3', failingAfter(6 * MiB))).rejects.toThrow();
      expect(await storage.stat('tasks/cut/audio.mp3')).toBeNull();
      await expect(storage.read('tasks/cut/audio.mp3')).rejects.toBeInstanceOf(MissingFileError);

      await storage.put('tasks/cut/transcript.srt', Buffer.from('the old transcript'));
      await expect(storage.putStream('tasks/cut/transcript.srt', failingAfter(6 * MiB))).rejects.toThrow();
      expect((await readAll(storage, 'tasks/cut/transcript.srt')).toString()).toBe('the old transcript');
    });

    it('refuses keys that would leave its folder or bucket prefix', async () => {
      const storage = await open();
      for (const key of ['../escape', 'a/../../b', '/etc/passwd', 'a//b', '']) {
        await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
        await expect(storage.putStream(key, Readable.from([Buffer.from('x')]))).rejects.toThrow('Invalid storage key');
        await expect(storage.stat(key)).rejects.toThrow('Invalid storage key');
      }
    });

    it('reports itself healthy', async () => {
      const storage = await open();
      expect(await storage.isHealthy()).toBe(true);
    });
  });
}
