import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OfflineTts } from 'sherpa-onnx-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSherpa } from '../../src/engines/sherpa/runtime.js';
import { detectFamily } from '../../src/models/detect-family.js';
import {
  GTCRN_GAIN,
  GTCRN_SAMPLE_RATE,
  gtcrnConfig,
  gtcrnExpectedLength,
  writeStandInGtcrnModel,
} from '../helpers/sherpa-stand-ins/denoiser.js';
import {
  POCKET_FRAMES_PER_TOKEN,
  POCKET_RMS_STEP,
  POCKET_SAMPLE_RATE,
  POCKET_SAMPLES_PER_FRAME,
  pocketConfig,
  pocketExpectedAmplitude,
  pocketExpectedSamples,
  writeStandInPocketModel,
} from '../helpers/sherpa-stand-ins/pocket.js';
import {
  writeStandInZipvoiceModel,
  ZIPVOICE_BASE_AMPLITUDE,
  ZIPVOICE_FILES,
  ZIPVOICE_HOP_LENGTH,
  ZIPVOICE_SAMPLE_RATE,
  ZIPVOICE_TARGET_RMS,
  zipvoiceConfig,
  zipvoiceExpectedSamples,
  zipvoiceTokenCount,
} from '../helpers/sherpa-stand-ins/zipvoice.js';

/**
 * The stand-in models (test/helpers/sherpa-stand-ins) run through the real sherpa-onnx-node runtime:
 * these tests pin down that the runtime accepts them and that their output follows the documented
 * formulas, so engine tests built on them can rely on both.
 */
const sherpa = loadSherpa();

function sine(samples: number, amplitude: number, cyclesPerSample: number): Float32Array {
  return Float32Array.from({ length: samples }, (_, i) => amplitude * Math.sin(2 * Math.PI * cyclesPerSample * i));
}

function peak(samples: Float32Array): number {
  let max = 0;
  for (const sample of samples) max = Math.max(max, Math.abs(sample));
  return max;
}

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'sayso-sherpa-stand-ins-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('stand-in folders', () => {
  it('look to the family detector like the published archives they imitate', async () => {
    await writeStandInPocketModel(path.join(folder, 'detect', 'pocket'));
    await writeStandInZipvoiceModel(path.join(folder, 'detect', 'zipvoice'));
    await mkdir(path.join(folder, 'detect', 'gtcrn'));
    await writeStandInGtcrnModel(path.join(folder, 'detect', 'gtcrn', 'gtcrn_simple.onnx'));
    expect(await detectFamily(path.join(folder, 'detect', 'pocket'))).toBe('pocket');
    expect(await detectFamily(path.join(folder, 'detect', 'zipvoice'))).toBe('zipvoice');
    expect(await detectFamily(path.join(folder, 'detect', 'gtcrn'))).toBe('gtcrn');
  });
});

describe('Pocket TTS stand-in', () => {
  let tts: OfflineTts;
  // One second of a quiet and of a loud voice at Pocket's own rate.
  const quiet = sine(POCKET_SAMPLE_RATE, 0.1, 1 / 90);
  const loud = sine(POCKET_SAMPLE_RATE, 0.4, 1 / 90);
  const clone = (
    text: string,
    referenceAudio: Float32Array,
    extra: { speed?: number; referenceSampleRate?: number } = {},
  ) =>
    tts.generateAsync({
      text,
      sid: 0,
      speed: 1,
      generationConfig: {
        referenceAudio,
        referenceSampleRate: extra.referenceSampleRate ?? POCKET_SAMPLE_RATE,
        speed: extra.speed ?? 1,
      },
    });

  beforeAll(async () => {
    const modelFolder = path.join(folder, 'pocket');
    await writeStandInPocketModel(modelFolder);
    tts = new sherpa.OfflineTts({ model: { pocket: pocketConfig(modelFolder), numThreads: 1 }, maxNumSentences: 1 });
  });

  it('loads as a single-speaker 24 kHz model', () => {
    expect(tts.sampleRate).toBe(POCKET_SAMPLE_RATE);
    expect(tts.numSpeakers).toBe(1);
  });

  it('speaks the text at 24 kHz for as long as its tokens last', async () => {
    const audio = await clone('Hello world.', quiet);
    expect(audio.sampleRate).toBe(POCKET_SAMPLE_RATE);
    // 13 tokens ("▁Hello▁world.") × 2 frames + 3 frames after the end, 1,920 samples a frame.
    expect(audio.samples.length).toBe((13 * 2 + 3) * 1_920);
    expect(audio.samples.length).toBe(pocketExpectedSamples('Hello world.'));
  });

  it('lasts longer for longer text, by the frames of the extra tokens', async () => {
    const short = await clone('Hello.', quiet);
    const long = await clone('Hello there, friend.', quiet);
    expect(long.samples.length - short.samples.length).toBe(14 * POCKET_FRAMES_PER_TOKEN * POCKET_SAMPLES_PER_FRAME);
  });

  it('glues sentences back together without their space, as sherpa 1.13.8 does', async () => {
    const audio = await clone('Hello world. This is longer text!', quiet);
    // "▁Hello▁world.This▁is▁longer▁text!" is 33 tokens, not the 34 the original spacing would give.
    expect(audio.samples.length).toBe((33 * 2 + 3) * POCKET_SAMPLES_PER_FRAME);
    expect(audio.samples.length).toBe(pocketExpectedSamples('Hello world. This is longer text!'));
  });

  it('ignores speed: sherpa does not pass it to any Pocket model', async () => {
    const normal = await clone('Hello world.', quiet);
    const fast = await clone('Hello world.', quiet, { speed: 2 });
    expect(fast.samples.length).toBe(normal.samples.length);
  });

  it('takes its voice from the reference audio', async () => {
    const fromQuiet = await clone('Hello world.', quiet);
    const fromLoud = await clone('Hello world.', loud);
    expect(peak(fromQuiet.samples)).toBeCloseTo(pocketExpectedAmplitude(quiet), 6);
    expect(peak(fromLoud.samples)).toBeCloseTo(pocketExpectedAmplitude(loud), 6);
    expect(peak(fromLoud.samples) - peak(fromQuiet.samples)).toBeGreaterThan(0.2);
  });

  it('gives identical audio for the same reference, although the flow starts from random noise', async () => {
    const first = await clone('Same voice twice.', loud);
    const second = await clone('Same voice twice.', Float32Array.from(loud));
    expect(Buffer.from(second.samples.buffer).equals(Buffer.from(first.samples.buffer))).toBe(true);
  });

  it('resamples a reference recorded at another rate', async () => {
    const at16k = sine(16_000, 0.4, 1 / 60);
    const audio = await clone('Hello world.', at16k, { referenceSampleRate: 16_000 });
    expect(audio.sampleRate).toBe(POCKET_SAMPLE_RATE);
    expect(Math.abs(peak(audio.samples) - pocketExpectedAmplitude(at16k))).toBeLessThanOrEqual(2 * POCKET_RMS_STEP);
  });

  it('streams the audio in chunks of 15 frames', async () => {
    const chunks: number[] = [];
    const audio = await tts.generateAsync({
      text: 'A sentence long enough to need several decoder chunks.',
      sid: 0,
      speed: 1,
      generationConfig: { referenceAudio: quiet, referenceSampleRate: POCKET_SAMPLE_RATE },
      onProgress: ({ samples }) => {
        chunks.push(samples.length);
        return 1;
      },
    });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.slice(0, -1).every((length) => length === 15 * POCKET_SAMPLES_PER_FRAME)).toBe(true);
    expect(chunks.reduce((sum, length) => sum + length, 0)).toBe(audio.samples.length);
  });

  it('refuses to speak without a reference', async () => {
    await expect(tts.generateAsync({ text: 'Hello.', sid: 0, speed: 1 })).rejects.toThrow(/no audio/);
    await expect(
      tts.generateAsync({
        text: 'Hello.',
        sid: 0,
        speed: 1,
        generationConfig: { referenceAudio: new Float32Array(0), referenceSampleRate: POCKET_SAMPLE_RATE },
      }),
    ).rejects.toThrow(/no audio/);
  });
});

describe('ZipVoice stand-in', () => {
  let tts: OfflineTts;
  // Deterministic white noise: every mel band gets energy, like speech, unlike a pure tone.
  let seed = 7;
  const noise = Float32Array.from({ length: ZIPVOICE_SAMPLE_RATE }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648 - 0.5;
  });
  const scaled = (samples: Float32Array, factor: number) => samples.map((sample) => sample * factor);
  const clone = (
    text: string,
    referenceAudio: Float32Array,
    extra: { speed?: number; referenceSampleRate?: number } = {},
  ) =>
    tts.generateAsync({
      text,
      sid: 0,
      speed: 1,
      generationConfig: {
        referenceAudio,
        referenceSampleRate: extra.referenceSampleRate ?? ZIPVOICE_SAMPLE_RATE,
        referenceText: 'hello world',
        speed: extra.speed ?? 1,
      },
    });

  beforeAll(async () => {
    const modelFolder = path.join(folder, 'zipvoice');
    await writeStandInZipvoiceModel(modelFolder);
    tts = new sherpa.OfflineTts({
      model: { zipvoice: zipvoiceConfig(modelFolder), numThreads: 1 },
      maxNumSentences: 1,
    });
  });

  it('loads as a 24 kHz model, eSpeak data and all', async () => {
    expect(tts.sampleRate).toBe(ZIPVOICE_SAMPLE_RATE);
    expect((await stat(path.join(folder, 'zipvoice', ZIPVOICE_FILES.dataDir, 'phontab'))).isFile()).toBe(true);
  });

  it('speaks the text for as long as its tokens last', async () => {
    const audio = await clone('hello world.', noise);
    expect(audio.sampleRate).toBe(ZIPVOICE_SAMPLE_RATE);
    // "hello", space, "world", space, "." = 13 tokens × 4 frames; the ISTFT gives a hop per frame less one.
    expect(zipvoiceTokenCount('hello world.')).toBe(13);
    expect(audio.samples.length).toBe((13 * 4 - 1) * ZIPVOICE_HOP_LENGTH);
    const longer = 'hello world, this is a test of the voice again!';
    expect((await clone(longer, noise)).samples.length).toBe(zipvoiceExpectedSamples(longer));
  });

  it('phonemizes words outside the lexicon with the extracted eSpeak data', async () => {
    const known = await clone('hello world.', noise);
    const withUnknownWord = await clone('hello brave world.', noise);
    // "brave" reaches the tokens only through eSpeak (b ɹ ˈ e ɪ v and a space).
    expect(withUnknownWord.samples.length).toBeGreaterThan(known.samples.length + 4 * 4 * ZIPVOICE_HOP_LENGTH);
  });

  it('speeds up with generationConfig.speed and ignores the request-level speed', async () => {
    const normal = await clone('hello world.', noise);
    const fast = await clone('hello world.', noise, { speed: 2 });
    expect(fast.samples.length).toBe(zipvoiceExpectedSamples('hello world.', 2));
    expect(fast.samples.length).toBeLessThan(normal.samples.length * 0.55);
    const requestSpeedOnly = await tts.generateAsync({
      text: 'hello world.',
      sid: 0,
      speed: 2,
      generationConfig: {
        referenceAudio: noise,
        referenceSampleRate: ZIPVOICE_SAMPLE_RATE,
        referenceText: 'hello world',
      },
    });
    expect(requestSpeedOnly.samples.length).toBe(normal.samples.length);
  });

  it('takes its level from the reference audio', async () => {
    const once = await clone('hello world.', noise);
    const twice = await clone('hello world.', scaled(noise, 2));
    const fromReference = (audio: { samples: Float32Array }) => peak(audio.samples) - ZIPVOICE_BASE_AMPLITUDE;
    expect(fromReference(once)).toBeGreaterThan(0.1);
    expect(fromReference(twice) / fromReference(once)).toBeCloseTo(2, 3);
  });

  it('gives identical audio for the same reference, although the flow starts from random noise', async () => {
    const first = await clone('hello world.', noise);
    const second = await clone('hello world.', Float32Array.from(noise));
    expect(Buffer.from(second.samples.buffer).equals(Buffer.from(first.samples.buffer))).toBe(true);
  });

  it('lifts references quieter than targetRms to it and does not scale the result back down', async () => {
    const atTarget = await clone('hello world.', scaled(noise, ZIPVOICE_TARGET_RMS / rms(noise)));
    const quieter = await clone('hello world.', scaled(noise, 0.1));
    expect(rms(scaled(noise, 0.1))).toBeLessThan(ZIPVOICE_TARGET_RMS);
    expect(peak(quieter.samples)).toBeCloseTo(peak(atTarget.samples), 6);
  });

  it('resamples a reference recorded at another rate', async () => {
    const at24k = await clone('hello world.', sine(24_000, 0.3, 1 / 90));
    const at16k = await clone('hello world.', sine(16_000, 0.3, 1 / 60), { referenceSampleRate: 16_000 });
    expect(at16k.sampleRate).toBe(ZIPVOICE_SAMPLE_RATE);
    expect(peak(at16k.samples)).toBeCloseTo(peak(at24k.samples), 3);
  });

  it('refuses to clone without the reference transcript', async () => {
    await expect(
      tts.generateAsync({
        text: 'hello.',
        sid: 0,
        speed: 1,
        generationConfig: { referenceAudio: noise, referenceSampleRate: ZIPVOICE_SAMPLE_RATE },
      }),
    ).rejects.toThrow(/no audio/);
  });
});

describe('GTCRN denoiser stand-in', () => {
  let modelFile: string;
  beforeAll(async () => {
    modelFile = path.join(folder, 'gtcrn_simple.onnx');
    await writeStandInGtcrnModel(modelFile);
  });
  const denoiser = () => new sherpa.OfflineSpeechDenoiser({ model: { gtcrn: gtcrnConfig(modelFile), numThreads: 1 } });

  it('scales 16 kHz audio by its gain, cut to whole STFT frames', () => {
    const noisy = Float32Array.from(
      { length: 16_100 },
      (_, i) => 0.4 * Math.sin(i * 0.1) + 0.1 * Math.sin(i * 0.37) + 0.05 * Math.sin(i * 1.3),
    );
    const instance = denoiser();
    expect(instance.sampleRate).toBe(GTCRN_SAMPLE_RATE);
    const cleaned = instance.run({ samples: noisy, sampleRate: GTCRN_SAMPLE_RATE });
    expect(cleaned.sampleRate).toBe(GTCRN_SAMPLE_RATE);
    expect(cleaned.samples.length).toBe(gtcrnExpectedLength(noisy.length));
    let worst = 0;
    for (const [i, sample] of cleaned.samples.entries()) {
      worst = Math.max(worst, Math.abs(sample - GTCRN_GAIN * (noisy[i] ?? 0)));
    }
    expect(worst).toBeLessThan(1e-5);
  });

  it('returns audio at 16 kHz whatever rate it is given, still at half the level', () => {
    const at48k = sine(48_000, 0.4, 300 / 48_000);
    const cleaned = denoiser().run({ samples: at48k, sampleRate: 48_000 });
    expect(cleaned.sampleRate).toBe(GTCRN_SAMPLE_RATE);
    expect(cleaned.samples.length).toBe(gtcrnExpectedLength(16_000));
    expect(rms(cleaned.samples) / rms(at48k)).toBeCloseTo(GTCRN_GAIN, 2);
  });
});
