import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmToFloats } from '../../src/audio/pcm.js';
import { measurePitch } from '../../src/audio/pitch.js';
import { loadSherpa } from '../../src/engines/sherpa/runtime.js';
import { createSherpaEngine, type SherpaEngine } from '../../src/engines/sherpa/sherpa-engine.js';
import type { CloneSample, SpeechEngineV1, SynthesisRequest } from '../../src/engines/speech-engine.js';
import { MANIFEST_FILE } from '../../src/models/manifest.js';
import { LocalStorage } from '../../src/storage/local-storage.js';
import { writeStandInGtcrnModel } from '../helpers/sherpa-stand-ins/denoiser.js';
import { installStandIn } from '../helpers/sherpa-stand-ins/install.js';
import {
  KOKORO_SAMPLES_PER_TOKEN,
  kokoroSpeakerHz,
  writeStandInKokoroModel,
} from '../helpers/sherpa-stand-ins/kokoro.js';
import { PIPER_BASE_HZ, writeStandInPiperModel } from '../helpers/sherpa-stand-ins/piper.js';
import { POCKET_BASE_AMPLITUDE, POCKET_TONE_HZ, writeStandInPocketModel } from '../helpers/sherpa-stand-ins/pocket.js';
import { writeStandInZipvoiceModel, zipvoiceExpectedSamples } from '../helpers/sherpa-stand-ins/zipvoice.js';
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
  await installStandIn(path.join(root, 'cloning'), 'sherpa-onnx-pocket-tts', 'pocket', writeStandInPocketModel);
  await installStandIn(
    path.join(root, 'zipvoice-only'),
    'sherpa-onnx-zipvoice-distill-int8-zh-en-emilia',
    'zipvoice',
    writeStandInZipvoiceModel,
  );
  await installStandIn(path.join(root, 'cloning'), 'gtcrn_simple', 'gtcrn', async (folder) => {
    await mkdir(folder, { recursive: true });
    await writeStandInGtcrnModel(path.join(folder, 'gtcrn_simple.onnx'));
  });
}, 60_000);

/** Twelve seconds of a voiced sound between two seconds of silence, at the given loudness. */
function sample(amplitude: number): CloneSample {
  const sampleRate = 16_000;
  const samples = new Float32Array(16 * sampleRate);
  for (let index = 2 * sampleRate; index < 14 * sampleRate; index += 1) {
    const t = index / sampleRate;
    samples[index] = amplitude * (0.7 * Math.sin(2 * Math.PI * 140 * t) + 0.3 * Math.sin(2 * Math.PI * 280 * t));
  }
  return { samples, sampleRate, durationMs: 16_000, bytes: Buffer.alloc(0), fileName: 'sample.wav' };
}

async function clone(engine: SpeechEngineV1, amplitude: number, noiseReduction = false): Promise<string> {
  if (!engine.cloneVoice) throw new Error('the engine cannot clone');
  const made = await engine.cloneVoice({
    sample: sample(amplitude),
    name: 'Mine',
    language: 'english',
    previewText: 'Hello there.',
    noiseReduction,
  });
  expect(made.approximate).toBe(false);
  expect(made.preview).toMatchObject({ bytes: expect.any(Buffer) });
  return made.voiceId;
}
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

describeEngineContract('sherpa (sherpa-onnx-node on a stand-in Pocket TTS model, speaking a clone)', {
  create: async () => engineOn(path.join(root, 'cloning')),
  voiceId: (engine) => clone(engine, 0.3),
  presetVoices: false,
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
      ['George', 'male', 'en-GB'],
      ['Adam', 'male', 'en-US'],
    ]);
    const french = await pitchOf(engine, 'kokoro-multi-lang-v1_0.ff_siwis', 'Bonjour tout le monde.');
    expect(Math.abs(french - kokoroSpeakerHz(4)) / kokoroSpeakerHz(4)).toBeLessThan(0.1);
  });

  it('sends Kokoro eSpeak’s own voice names: Mandarin voices keep Latin text and digits, British voices sound British', async () => {
    const engine = engineOn(path.join(root, 'kokoro-only'));
    const samplesOf = async (voiceId: string, text: string) => {
      const result = await engine.synthesize(request(voiceId, { text }));
      if (result.audio.format !== 'pcm16') throw new Error('expected samples');
      return pcmToFloats(result.audio.samples).length;
    };
    // eSpeak has no voice file named 'zh' (Mandarin's is 'cmn'): with it, "OK 2024" is dropped and nothing is spoken.
    expect(await samplesOf('kokoro-multi-lang-v1_0.zf_xiaobei', 'OK 2024.')).toBeGreaterThan(0);
    // British English drops the r of "car park far" that American English says: three tokens (600 samples each) fewer.
    const british = await samplesOf('kokoro-multi-lang-v1_0.bf_emma', 'Car park far.');
    const american = await samplesOf('kokoro-multi-lang-v1_0.af_heart', 'Car park far.');
    expect(american - british).toBeGreaterThanOrEqual(3 * KOKORO_SAMPLES_PER_TOKEN);
  });

  it('clones through Pocket TTS: the reference is the sample, trimmed, and (when asked) denoised', async () => {
    const engine = engineOn(path.join(root, 'cloning'));
    expect(await engine.status()).toEqual({ state: 'up' });
    expect(engine.capabilities).toMatchObject({ cloning: true, presetVoices: false });
    const peakOf = async (voiceId: string) => {
      const result = await engine.synthesize(request(voiceId, { text: 'Hello there.' }));
      if (result.audio.format !== 'pcm16') throw new Error('expected samples');
      const floats = pcmToFloats(result.audio.samples);
      expect(measurePitch(floats, result.audio.sampleRate).medianHz).toBeCloseTo(POCKET_TONE_HZ, -1);
      return floats.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    };
    // The stand-in speaks louder the louder its reference: a quiet and a loud sample give two voices.
    const quiet = await peakOf(await clone(engine, 0.1));
    const loud = await peakOf(await clone(engine, 0.4));
    expect(quiet).toBeGreaterThan(POCKET_BASE_AMPLITUDE);
    expect(loud - POCKET_BASE_AMPLITUDE).toBeGreaterThan(3 * (quiet - POCKET_BASE_AMPLITUDE));
    // The stand-in denoiser halves its input: a denoised reference makes a quieter voice.
    const denoised = await peakOf(await clone(engine, 0.4, true));
    expect((denoised - POCKET_BASE_AMPLITUDE) / (loud - POCKET_BASE_AMPLITUDE)).toBeCloseTo(0.5, 1);
  });

  it('refuses a clone whose reference is gone, with the spec’s message', async () => {
    const engine = engineOn(path.join(root, 'cloning'));
    const voiceId = await clone(engine, 0.3);
    await engine.deleteVoice?.(voiceId);
    await expect(engine.synthesize(request(voiceId))).rejects.toMatchObject({ code: 'invalid_voice' });
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

  it('reports and skips a model whose record is malformed, and keeps serving the others', async () => {
    const folder = path.join(root, 'with-bad-record');
    await installStandIn(folder, 'vits-piper-en_US-amy-low', 'vits', (target) =>
      writeStandInPiperModel(target, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
    );
    await mkdir(path.join(folder, 'cut-short'), { recursive: true });
    await writeFile(path.join(folder, 'cut-short', MANIFEST_FILE), '{"name": "cut-sh');
    await mkdir(path.join(folder, 'wrong-family'), { recursive: true });
    await writeFile(
      path.join(folder, 'wrong-family', MANIFEST_FILE),
      JSON.stringify({ name: 'wrong-family', family: 'tacotron' }),
    );
    const engine = engineOn(folder);
    expect(await engine.status()).toEqual({ state: 'up' });
    expect((await engine.listVoices()).map((voice) => voice.id)).toEqual(['vits-piper-en_US-amy-low.0']);
    // Alone, the bad records are the reason the engine is down.
    await rm(path.join(folder, 'vits-piper-en_US-amy-low'), { recursive: true });
    await engine.reload();
    const status = await engine.status();
    expect(status.state).toBe('down');
    expect(status.state === 'down' && status.reason).toMatch(/cut-short\/sayso-model\.json is not valid JSON/);
    expect(status.state === 'down' && status.reason).toMatch(
      /wrong-family\/sayso-model\.json is not a model record: family/,
    );
  }, 60_000);

  it('reads the models folder again after a failed first read, instead of keeping the failure', async () => {
    const folder = path.join(root, 'not-yet-a-folder');
    // A file where the folder should be: the first read fails.
    await writeFile(folder, 'in the way');
    const engine = engineOn(folder);
    expect(await engine.status()).toMatchObject({
      state: 'down',
      reason: expect.stringContaining('could not be read'),
    });
    await expect(engine.listVoices()).rejects.toThrow();
    await rm(folder);
    await installStandIn(folder, 'vits-piper-en_US-amy-low', 'vits', (target) =>
      writeStandInPiperModel(target, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
    );
    expect(await engine.status()).toEqual({ state: 'up' });
    expect((await engine.listVoices()).map((voice) => voice.id)).toEqual(['vits-piper-en_US-amy-low.0']);
  }, 60_000);

  it('gives a model that stops answering a fresh runtime after the timeout, and later requests are spoken', async () => {
    let amyRuntimes = 0;
    const engine = createSherpaEngine({
      modelsDir: modelsDir(),
      references: new LocalStorage(path.join(root, 'files')),
      watch: false,
      generationTimeoutMs: 1_000,
      // The real runtime, except that the first one made for Amy hangs on its first request, as
      // ONNX Runtime can leave a call unsettled.
      createTts: async (config) => {
        const tts = await loadSherpa().OfflineTts.createAsync(config);
        if (!JSON.stringify(config).includes('amy')) return tts;
        amyRuntimes += 1;
        if (amyRuntimes > 1) return tts;
        let hung = false;
        return new Proxy(tts, {
          get(target, property) {
            if (property === 'generateAsync' && !hung) {
              hung = true;
              return () => new Promise<never>(() => {});
            }
            const value: unknown = Reflect.get(target, property, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
      },
    });
    engines.push(engine);
    const voiceId = 'vits-piper-en_US-amy-low.0';
    const stuck = engine.synthesize(request(voiceId, { text: 'Hello.' }));
    const next = engine.synthesize(request(voiceId, { text: 'Hello again.' }));
    await expect(stuck).rejects.toMatchObject({ code: 'timeout' });
    const spoken = await Promise.race([
      next,
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10_000)),
    ]);
    expect(spoken).toMatchObject({ audio: { format: 'pcm16' } });
    // Amy's runtime was made twice: the first, and the fresh one after the timeout.
    expect(amyRuntimes).toBe(2);
  }, 60_000);

  it('clones through ZipVoice only with the sample’s transcript, keeps it with the reference, and speaks the clone later', async () => {
    const files = path.join(root, 'zipvoice-files');
    const onZipvoice = () =>
      createSherpaEngine({
        modelsDir: path.join(root, 'zipvoice-only'),
        references: new LocalStorage(files),
        watch: false,
      });
    const engine = onZipvoice();
    engines.push(engine);
    const order = {
      sample: sample(0.3),
      name: 'Mine',
      language: 'english' as const,
      previewText: 'Hello world.',
      noiseReduction: false,
    };
    await expect(engine.cloneVoice?.(order)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('needs the transcript of your sample'),
    });
    expect(await readdir(files, { recursive: true }).catch(() => [])).toEqual([]);
    const made = await engine.cloneVoice?.({ ...order, transcript: 'This is a test of the voice.' });
    expect(made?.preview).toMatchObject({ bytes: expect.any(Buffer) });
    // A second engine has nothing cached: the transcript comes back from storage with the audio.
    const later = onZipvoice();
    engines.push(later);
    const spoken = await later.synthesize(request(made?.voiceId ?? '', { text: 'Hello world again.' }));
    if (spoken.audio.format !== 'pcm16') throw new Error('expected samples');
    // ZipVoice speaks nothing without the reference's transcript; with it, about as long as the stand-in promises.
    const length = pcmToFloats(spoken.audio.samples).length;
    expect(length / zipvoiceExpectedSamples('Hello world again.')).toBeGreaterThan(0.8);
    expect(length / zipvoiceExpectedSamples('Hello world again.')).toBeLessThan(1.25);
  }, 60_000);

  it('removes the reference audio of a clone whose preview fails', async () => {
    const files = path.join(root, 'failed-clone-files');
    const engine = createSherpaEngine({
      modelsDir: path.join(root, 'cloning'),
      references: new LocalStorage(files),
      watch: false,
      // The real runtime, whose every generation fails.
      createTts: async (config) => {
        const tts = await loadSherpa().OfflineTts.createAsync(config);
        return new Proxy(tts, {
          get(target, property) {
            if (property === 'generateAsync') return () => Promise.reject(new Error('the runtime failed'));
            const value: unknown = Reflect.get(target, property, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
      },
    });
    engines.push(engine);
    await expect(clone(engine, 0.3)).rejects.toThrow('the runtime failed');
    expect(await readdir(files, { recursive: true }).catch(() => [])).toEqual(['voice-references']);
  }, 60_000);

  it('logs the reference audio a failed clone could not delete, by its key', async () => {
    const files = path.join(root, 'refused-delete-files');
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    // A store that keeps files but refuses to delete them (a bucket gone read-only, say).
    class RefusingDeletes extends LocalStorage {
      override async delete(): Promise<void> {
        throw new Error('the store refused the delete');
      }
    }
    const references = new RefusingDeletes(files);
    const engine = createSherpaEngine({
      modelsDir: path.join(root, 'cloning'),
      references,
      watch: false,
      logger: Fastify({ logger: { level: 'warn', stream: sink } }).log,
      createTts: async (config) => {
        const tts = await loadSherpa().OfflineTts.createAsync(config);
        return new Proxy(tts, {
          get(target, property) {
            if (property === 'generateAsync') return () => Promise.reject(new Error('the runtime failed'));
            const value: unknown = Reflect.get(target, property, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
      },
    });
    engines.push(engine);
    // The clone's own failure is what the caller sees, not the cleanup's.
    await expect(clone(engine, 0.3)).rejects.toThrow('the runtime failed');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'a failed clone’s reference audio could not be deleted and was left behind',
        err: expect.objectContaining({ message: 'the store refused the delete' }),
      }),
    ]);
    const leftBehind = lines[0]?.leftBehind;
    expect(leftBehind).toEqual([expect.stringMatching(/^voice-references\//)]);
    // The key logged is the file really left in the store.
    expect(await references.stat(String((leftBehind as string[])[0]))).not.toBeNull();
  }, 60_000);
});
