import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { assertValidKey } from '../../src/storage/file-storage.js';
import { clonedVoicePreviewKey, presetPreviewKey, taskFileKey, voiceSampleKey } from '../../src/storage/keys.js';
import { LocalStorage } from '../../src/storage/local-storage.js';
import { describeStorageContract, failingAfter } from './storage-contract.js';

async function storage() {
  const root = await mkdtemp(path.join(tmpdir(), 'sayso-storage-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  return { root, files: new LocalStorage(root) };
}

describeStorageContract('LocalStorage', async () => (await storage()).files);

describe('LocalStorage', () => {
  it('leaves no temporary files behind, also when a streamed put breaks off', async () => {
    const { root, files } = await storage();
    await files.put('a/b.bin', Buffer.alloc(1024));
    await expect(files.putStream('a/c.bin', failingAfter(256 * 1024))).rejects.toThrow('the source broke off');
    expect(await readdir(path.join(root, 'a'))).toEqual(['b.bin']);
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
