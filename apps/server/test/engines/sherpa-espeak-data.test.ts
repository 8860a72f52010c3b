import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { SHARED_ESPEAK_DATA, sharedEspeakData } from '../../src/engines/sherpa/espeak-data.js';
import { espeakNgDataDir } from '../helpers/sherpa-stand-ins/espeak-data.js';

const run = promisify(execFile);
const PROGRAM = path.join(import.meta.dirname, 'programs/speak-after-model-removal.ts');

const roots: string[] = [];
const newRoot = async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'sayso-espeak-data-'));
  roots.push(root);
  return root;
};
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/**
 * Runs the program in a fresh process: the test workers' own eSpeak was set up before any test
 * (test/setup/espeak-once.ts), with a folder that outlives them all.
 */
async function speakAfter(mode: 'remove' | 'keep') {
  const root = await newRoot();
  const { stdout, stderr } = await run(
    process.execPath,
    ['--conditions=sayso-source', '--import', 'tsx', PROGRAM, root, mode],
    { timeout: 60_000 },
  );
  const spoken = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { before: number; after: number };
  return { ...spoken, stderr, models: await readdir(path.join(root, 'models')) };
}

describe("eSpeak's data folder for sherpa-onnx models", () => {
  it('outlives the model it came from: after that model is removed, another speaks a new language', async () => {
    const [removed, kept] = await Promise.all([speakAfter('remove'), speakAfter('keep')]);
    expect(removed.before).toBeGreaterThan(0);
    // The German text phonemized as it is when the first model stays. With that model's own folder
    // gone, eSpeak could read no German ("Can't read dictionary file") and the stand-in, whose
    // length follows its phonemes, spoke 2,304 samples instead of 19,712.
    expect(removed.after).toBe(kept.after);
    expect(removed.stderr).not.toMatch(/can't read|unknown phoneme/i);
    // What eSpeak reads is the models folder's own copy, which no model removal touches.
    expect(removed.models).toEqual([SHARED_ESPEAK_DATA, 'vits-piper-de_DE-second']);
  }, 90_000);

  it('is copied once, whole, and then handed out as it is', async () => {
    const root = await newRoot();
    const source = await espeakNgDataDir();
    const [first, second] = await Promise.all([sharedEspeakData(root, source), sharedEspeakData(root, source)]);
    expect(first).toBe(path.join(root, SHARED_ESPEAK_DATA));
    expect(second).toBe(first);
    expect((await readdir(first)).sort()).toEqual((await readdir(source)).sort());
    // No half-written copy is left behind by the one that lost the race.
    expect(await readdir(root)).toEqual([SHARED_ESPEAK_DATA]);
  });
});
