import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../src/storage/local-storage.js';
import { removeStoredFiles } from '../../src/storage/remove-files.js';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** The server's logger (Fastify's pino), its lines kept, parsed, in `lines`. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { logger: Fastify({ logger: { level: 'info', stream: sink } }).log, lines };
}

describe('removeStoredFiles', () => {
  it('deletes every file it can, and logs by key the ones a failed delete left behind', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'sayso-remove-files-'));
    folders.push(root);
    const storage = new LocalStorage(root);
    await storage.put('audio/a.mp3', Buffer.from('a'));
    await storage.put('audio/b.mp3', Buffer.from('b'));
    // A folder that is not empty where a file is expected: the local store's delete really fails.
    await mkdir(path.join(root, 'audio', 'stuck.mp3'), { recursive: true });
    await writeFile(path.join(root, 'audio', 'stuck.mp3', 'inside'), 'x');
    const { logger, lines } = capturedLogger();

    const removed = await removeStoredFiles(storage, ['audio/a.mp3', null, 'audio/stuck.mp3', 'audio/b.mp3'], logger);

    expect(removed).toBe(2);
    expect(await storage.stat('audio/a.mp3')).toBeNull();
    expect(await storage.stat('audio/b.mp3')).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, leftBehind: ['audio/stuck.mp3'] });
    expect(lines[0]?.err).toBeDefined();
  });

  it('logs nothing when every delete succeeds', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'sayso-remove-files-'));
    folders.push(root);
    const storage = new LocalStorage(root);
    await storage.put('k.bin', Buffer.from('k'));
    const { logger, lines } = capturedLogger();
    expect(await removeStoredFiles(storage, ['k.bin', 'never-there.bin'], logger)).toBe(2);
    expect(lines).toEqual([]);
  });
});
