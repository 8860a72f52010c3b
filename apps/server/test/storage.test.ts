import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it, onTestFinished } from 'vitest';
import { assertValidKey } from '../src/storage/file-storage.js';
import { clonedVoicePreviewKey, presetPreviewKey, taskFileKey, voiceSampleKey } from '../src/storage/keys.js';
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

describe('storage keys', () => {
  it('lays out task files, previews and samples where operators and older files expect them', () => {
    const taskId = 'a'.repeat(32);
    const keys = [
      taskFileKey(taskId, 'audio'),
      taskFileKey(taskId, 'transcript'),
      presetPreviewKey('espeak', 'espeak-en-gb-m3'),
      voiceSampleKey('user-1', 'b'.repeat(24), 'wav'),
      clonedVoicePreviewKey('Sayso0123456789abcdef'),
    ];
    expect(keys).toEqual([
      `tasks/${taskId}/audio.mp3`,
      `tasks/${taskId}/transcript.srt`,
      'previews/espeak/v2/espeak-en-gb-m3.mp3',
      `voice-samples/user-1/${'b'.repeat(24)}.wav`,
      'voice-previews/Sayso0123456789abcdef.mp3',
    ]);
    for (const key of keys) expect(() => assertValidKey(key)).not.toThrow();
  });
});
