import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurePitch } from '../../src/audio/pitch.js';
import { pcmToFloats } from '../../src/audio/voice-profile.js';
import { createSherpaEngine, type SherpaEngine } from '../../src/engines/sherpa/sherpa-engine.js';
import type { SynthesisRequest } from '../../src/engines/speech-engine.js';
import { LocalStorage } from '../../src/storage/local-storage.js';
import { installStandIn } from '../helpers/sherpa-stand-ins/install.js';
import { kokoroSpeakerHz, writeStandInKokoroModel } from '../helpers/sherpa-stand-ins/kokoro.js';
import { PIPER_BASE_HZ, writeStandInPiperModel } from '../helpers/sherpa-stand-ins/piper.js';
import { describeEngineContract } from './engine-contract.js';

// Real model weights cannot be downloaded on these machines: the real sherpa-onnx runtime loads
// stand-in models with each family's files, inputs, outputs and metadata, written here.
let root: string;
const modelsDir = () => path.join(root, 'models');

const engines: SherpaEngine[] = [];
function engineOn(folder: string): SherpaEngine {
  const engine = createSherpaEngine({
    modelsDir: folder,
    references: new LocalStorage(path.join(root, 'files')),
    watch: false,
  });
  engines.push(engine);
  return engine;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sayso-sherpa-'));
  await installStandIn(modelsDir(), 'vits-piper-en_US-amy-low', 'vits', (folder) =>
    writeStandInPiperModel(folder, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
  );
  await installStandIn(modelsDir(), 'vits-piper-de_DE-thorsten-medium', 'vits', (folder) =>
    writeStandInPiperModel(folder, { language: 'German', espeakVoice: 'de', speakers: 3 }),
  );
  await installStandIn(path.join(root, 'kokoro-only'), 'kokoro-multi-lang-v1_0', 'kokoro', writeStandInKokoroModel);
}, 60_000);
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close?.()));
  await rm(root, { recursive: true, force: true });
});

describeEngineContract('sherpa (sherpa-onnx-node on stand-in Piper models)', {
  create: async () => engineOn(modelsDir()),
  voiceId: 'vits-piper-en_US-amy-low.0',
});

describeEngineContract('sherpa (sherpa-onnx-node on a stand-in Kokoro v1.0 model)', {
  create: async () => engineOn(path.join(root, 'kokoro-only')),
  voiceId: 'kokoro-multi-lang-v1_0.af_heart',
});

const request = (voiceId: string, overrides: Partial<SynthesisRequest> = {}): SynthesisRequest => ({
  text: 'Guten Tag. Wie geht es Ihnen heute?',
  voiceId,
  modelId: null,
  speed: 1,
  pitch: 0,
  volume: 1,
  language: null,
  ...overrides,
});

async function pitchOf(engine: SherpaEngine, voiceId: string, text?: string): Promise<number> {
  const result = await engine.synthesize(request(voiceId, text ? { text } : {}));
  if (result.audio.format !== 'pcm16') throw new Error('expected samples');
  return measurePitch(pcmToFloats(result.audio.samples), result.audio.sampleRate).medianHz ?? 0;
}

describe('the sherpa engine', () => {
  it('lists every installed model’s voices with their language, locale and speaker', async () => {
    const engine = engineOn(modelsDir());
    const voices = await engine.listVoices();
    expect(voices.map((voice) => [voice.id, voice.name, voice.language, voice.locale])).toEqual([
      ['vits-piper-de_DE-thorsten-medium.0', 'Thorsten 1', 'de', 'de-DE'],
      ['vits-piper-de_DE-thorsten-medium.1', 'Thorsten 2', 'de', 'de-DE'],
      ['vits-piper-de_DE-thorsten-medium.2', 'Thorsten 3', 'de', 'de-DE'],
      ['vits-piper-en_US-amy-low.0', 'Amy', 'en', 'en-US'],
    ]);
    expect(engine.capabilities).toMatchObject({ presetVoices: true, cloning: false, languages: ['de', 'en'] });
    expect((await engine.listModels()).map((model) => model.id)).toEqual([
      'vits-piper-de_DE-thorsten-medium',
      'vits-piper-en_US-amy-low',
    ]);
  });

  it('selects the speaker by its id: each stand-in speaker has its own pitch', async () => {
    const engine = engineOn(modelsDir());
    const first = await pitchOf(engine, 'vits-piper-de_DE-thorsten-medium.0');
    const third = await pitchOf(engine, 'vits-piper-de_DE-thorsten-medium.2');
    expect(first).toBeGreaterThan(PIPER_BASE_HZ * 0.9);
    expect(first).toBeLessThan(PIPER_BASE_HZ * 1.1);
    expect(third / first).toBeGreaterThan(1.4);
    expect(third / first).toBeLessThan(1.6);
  });

  it('names Kokoro’s speakers, their language and gender, and speaks each in its own language', async () => {
    const engine = engineOn(path.join(root, 'kokoro-only'));
    const voices = await engine.listVoices();
    expect(voices.map((voice) => [voice.name, voice.gender, voice.locale])).toEqual([
      ['Heart', 'female', 'en-US'],
      ['Michael', 'male', 'en-US'],
      ['Emma', 'female', 'en-GB'],
      ['Dora', 'female', 'es-ES'],
      ['Siwis', 'female', 'fr-FR'],
      ['Xiaobei', 'female', 'zh-CN'],
    ]);
    const french = await pitchOf(engine, 'kokoro-multi-lang-v1_0.ff_siwis', 'Bonjour tout le monde.');
    expect(Math.abs(french - kokoroSpeakerHz(4)) / kokoroSpeakerHz(4)).toBeLessThan(0.1);
  });

  it('is down with a reason that says how to install a model when none is installed', async () => {
    const engine = engineOn(path.join(root, 'empty'));
    expect(await engine.status()).toEqual({ state: 'down', reason: expect.stringContaining('npm run models') });
    await expect(engine.synthesize(request('vits-piper-en_US-amy-low.0'))).rejects.toMatchObject({
      code: 'invalid_voice',
    });
  });

  it('reports a model the runtime cannot load, and keeps serving the others', async () => {
    const folder = path.join(root, 'with-broken');
    await installStandIn(folder, 'vits-piper-en_US-amy-low', 'vits', (target) =>
      writeStandInPiperModel(target, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
    );
    await installStandIn(folder, 'vits-broken', 'vits', async (target) => {
      await writeStandInPiperModel(target, { language: 'English', espeakVoice: 'en-us', speakers: 1 });
      await writeFile(path.join(target, 'model.onnx'), 'not a model');
    });
    const engine = engineOn(folder);
    expect(await engine.status()).toEqual({ state: 'up' });
    expect((await engine.listModels()).map((model) => model.id)).toEqual(['vits-piper-en_US-amy-low']);
  }, 60_000);
});
