import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LocalStorage } from '../src/storage/local-storage.js';

async function storage() {
  const root = await mkdtemp(path.join(tmpdir(), 'sayso-storage-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  return { root, files: new LocalStorage(root) };
}

describe('LocalStorage', () => {
  it('stores, reads whole and by range, and deletes a file', async () => {
    const { files } = await storage();
    await files.put('audio/task-1.mp3', Buffer.from('0123456789'));
    expect(await files.stat('audio/task-1.mp3')).toEqual({ key: 'audio/task-1.mp3', size: 10 });
    expect(await text(await files.read('audio/task-1.mp3'))).toBe('0123456789');
    expect(await text(await files.read('audio/task-1.mp3', { start: 2, end: 4 }))).toBe('234');
    await files.delete('audio/task-1.mp3');
    expect(await files.stat('audio/task-1.mp3')).toBeNull();
  });

  it('leaves no temporary files behind', async () => {
    const { root, files } = await storage();
    await files.put('a/b.bin', Buffer.alloc(1024));
    expect(await readdir(path.join(root, 'a'))).toEqual(['b.bin']);
  });

  it('refuses keys that would leave its folder', async () => {
    const { files } = await storage();
    for (const key of ['../escape', 'a/../../b', '/etc/passwd', 'a//b', '']) {
      await expect(files.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    }
  });
});
