import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../../src/audio/mp3-decode.js';
import { measureAcx } from '../../../src/audio/acx.js';
import { masterForAcx, masterForAcxWithShift } from '../../../src/audio/acx-master.js';
import { encodeExportAudio } from '../../../src/domains/projects/export/chapter-audio.js';

const RATE = 24_000;
const db = (linear: number) => 20 * Math.log10(linear);
const linear = (decibels: number) => 10 ** (decibels / 20);

/** A seeded generator, so every run builds the same signals. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface SignalShape {
  /** RMS of the tone alone, over its own stretch. */
  toneRmsDb: number;
  /** RMS of the uniform noise under everything. */
  noiseDb: number;
  headSeconds: number;
  toneSeconds: number;
  tailSeconds: number;
  /** A single sample of this level in the middle of the tone. */
  clickDb?: number;
  /** Silence the tone in 400 ms gaps every 700 ms, like pauses between phrases. */
  phrases?: boolean;
}

/**
 * Noise from the first to the last sample (uniform: its peak is exactly √3 times its RMS), with a
 * 220 Hz tone between the head and the tail.
 */
function signal(shape: SignalShape): Float32Array {
  const head = Math.round(shape.headSeconds * RATE);
  const tone = Math.round(shape.toneSeconds * RATE);
  const samples = new Float32Array(head + tone + Math.round(shape.tailSeconds * RATE));
  const next = random(7);
  const noiseAmplitude = linear(shape.noiseDb) * Math.sqrt(3);
  const toneAmplitude = linear(shape.toneRmsDb) * Math.SQRT2;
  for (let index = 0; index < samples.length; index += 1) {
    samples[index] = (next() * 2 - 1) * noiseAmplitude;
    const t = (index - head) / RATE;
    const inPhrase = !shape.phrases || t % 0.7 < 0.3;
    if (index >= head && index < head + tone && inPhrase) {
      samples[index] = (samples[index] as number) + toneAmplitude * Math.sin(2 * Math.PI * 220 * t);
    }
  }
  if (shape.clickDb !== undefined) samples[head + Math.floor(tone / 2)] = linear(shape.clickDb);
  return samples;
}

/** The quietest half second by brute force: every 500 ms stretch starting on a 10 ms step. */
function bruteNoiseFloorDb(samples: Float32Array): number {
  const step = RATE / 100;
  const span = RATE / 2;
  let lowest = Number.POSITIVE_INFINITY;
  for (let start = 0; start + span <= samples.length; start += step) {
    let sum = 0;
    for (let index = start; index < start + span; index += 1) sum += (samples[index] as number) ** 2;
    lowest = Math.min(lowest, Math.sqrt(sum / span));
  }
  return db(lowest);
}

const compliant: SignalShape = { toneRmsDb: -19, noiseDb: -65, headSeconds: 0.7, toneSeconds: 6, tailSeconds: 2 };

describe('ACX measurement', () => {
  it('reports the level, peak, noise floor and room tone a synthetic signal was built with', () => {
    const samples = signal({ ...compliant, clickDb: -4.5 });
    const report = measureAcx(samples, RATE);

    // Independent figures: the whole file's RMS from the parts it was built of (tone energy over
    // its stretch, noise energy over all), the click's level, the noise's own level.
    const total = samples.length;
    const toneShare = (compliant.toneSeconds * RATE) / total;
    const expectedRms = db(Math.sqrt(linear(compliant.toneRmsDb) ** 2 * toneShare + linear(compliant.noiseDb) ** 2));
    expect(Math.abs(report.rmsDb - expectedRms)).toBeLessThan(0.1);
    expect(Math.abs(report.peakDb - -4.5)).toBeLessThan(0.1);
    expect(Math.abs(report.noiseFloorDb - bruteNoiseFloorDb(samples))).toBeLessThan(0.1);
    expect(Math.abs(report.noiseFloorDb - compliant.noiseDb)).toBeLessThan(0.3);
    expect(report.headSeconds).toBeCloseTo(0.7, 2);
    expect(report.tailSeconds).toBeCloseTo(2, 2);
    expect(report.passes).toEqual({ rms: true, peak: true, noiseFloor: true, head: true, tail: true });
    expect(report.passed).toBe(true);
  });

  it('reads a full-scale sine as -3 dB RMS, as ACX Check does', () => {
    const sine = Float32Array.from({ length: RATE }, (_, i) => Math.sin((2 * Math.PI * 1000 * i) / RATE));
    const report = measureAcx(sine, RATE);
    expect(report.rmsDb).toBeCloseTo(-3.01, 2);
    expect(report.peakDb).toBeCloseTo(0, 2);
  });

  // Each case moves one figure just past a limit and back inside it; everything else stays compliant.
  // The tone's RMS is set so the whole file lands where wanted (head and tail dilute it a little).
  const toneForFileRms = (fileDb: number) => {
    const share = compliant.toneSeconds / (compliant.headSeconds + compliant.toneSeconds + compliant.tailSeconds);
    return db(Math.sqrt((linear(fileDb) ** 2 - linear(compliant.noiseDb) ** 2) / share));
  };
  const cases: { name: string; requirement: string; inside: SignalShape; outside: SignalShape }[] = [
    {
      name: 'RMS below -23 dB',
      requirement: 'rms',
      inside: { ...compliant, toneRmsDb: toneForFileRms(-22.8) },
      outside: { ...compliant, toneRmsDb: toneForFileRms(-23.2) },
    },
    {
      name: 'RMS above -18 dB',
      requirement: 'rms',
      inside: { ...compliant, toneRmsDb: toneForFileRms(-18.2) },
      outside: { ...compliant, toneRmsDb: toneForFileRms(-17.8) },
    },
    {
      name: 'a peak above -3 dB',
      requirement: 'peak',
      inside: { ...compliant, clickDb: -3.1 },
      outside: { ...compliant, clickDb: -2.9 },
    },
    {
      name: 'a noise floor above -60 dB',
      requirement: 'noiseFloor',
      inside: { ...compliant, noiseDb: -60.5 },
      outside: { ...compliant, noiseDb: -59.5 },
    },
    {
      name: 'less than 0.5 s of head',
      requirement: 'head',
      inside: { ...compliant, headSeconds: 0.55 },
      outside: { ...compliant, headSeconds: 0.45 },
    },
    {
      name: 'more than 1 s of head',
      requirement: 'head',
      inside: { ...compliant, headSeconds: 0.95 },
      outside: { ...compliant, headSeconds: 1.05 },
    },
    {
      name: 'less than 1 s of tail',
      requirement: 'tail',
      inside: { ...compliant, tailSeconds: 1.05 },
      outside: { ...compliant, tailSeconds: 0.95 },
    },
    {
      name: 'more than 5 s of tail',
      requirement: 'tail',
      inside: { ...compliant, tailSeconds: 4.95 },
      outside: { ...compliant, tailSeconds: 5.05 },
    },
  ];
  for (const { name, requirement, inside, outside } of cases) {
    it(`fails ${name} and passes just inside the limit`, () => {
      const passing = measureAcx(signal(inside), RATE);
      expect(passing.passes).toEqual({ rms: true, peak: true, noiseFloor: true, head: true, tail: true });
      expect(passing.passed).toBe(true);

      const failing = measureAcx(signal(outside), RATE);
      expect(failing.passes).toEqual({
        rms: requirement !== 'rms',
        peak: requirement !== 'peak',
        noiseFloor: requirement !== 'noiseFloor',
        head: requirement !== 'head',
        tail: requirement !== 'tail',
      });
      expect(failing.passed).toBe(false);
    });
  }

  it('reads digital silence as an endless noise floor and all room tone', () => {
    const report = measureAcx(new Float32Array(RATE * 2), RATE);
    expect(report.rmsDb).toBe(Number.NEGATIVE_INFINITY);
    expect(report.noiseFloorDb).toBe(Number.NEGATIVE_INFINITY);
    expect(report.passes.rms).toBe(false);
  });
});

describe('ACX mastering', () => {
  // Quiet phrases with a loud click, over noise that would rise past -60 dB with the gain, with
  // too little head and too much tail: it fails four of the five requirements.
  const failing: SignalShape = {
    toneRmsDb: -28,
    noiseDb: -66,
    headSeconds: 0.2,
    toneSeconds: 8,
    tailSeconds: 6,
    clickDb: -0.5,
    phrases: true,
  };

  it('turns a signal that fails ACX into one that passes', () => {
    const before = measureAcx(signal(failing), RATE);
    expect(before.passes).toEqual({ rms: false, peak: false, noiseFloor: true, head: false, tail: false });

    const after = measureAcx(masterForAcx(signal(failing), RATE), RATE);
    expect(after.passes).toEqual({ rms: true, peak: true, noiseFloor: true, head: true, tail: true });
    expect(Math.abs(after.rmsDb - -20)).toBeLessThan(0.2);
    expect(after.peakDb).toBeLessThanOrEqual(-3.4);
    expect(after.headSeconds).toBeCloseTo(0.75, 1);
    expect(after.tailSeconds).toBeCloseTo(2, 1);
  });

  it('fills the pauses with room tone instead of the raised noise, and never with digital zero', () => {
    const mastered = masterForAcx(signal(failing), RATE);
    // A pause in the middle of the speech: 0.3-0.7 s into the phrase cycle, away from the fades.
    const head = Math.round(0.75 * RATE);
    const pause = mastered.subarray(head + Math.round(2.45 * RATE), head + Math.round(2.6 * RATE));
    let sum = 0;
    for (const value of pause) sum += value * value;
    const pauseDb = db(Math.sqrt(sum / pause.length));
    expect(pauseDb).toBeGreaterThan(-75);
    expect(pauseDb).toBeLessThan(-65);
    expect(pause.every((value) => value !== 0)).toBe(true);
  });

  it('says how far it moved the speech, for the subtitles', () => {
    const { shiftMs } = masterForAcxWithShift(signal(failing), RATE);
    // 0.2 s of head became 0.75 s: the speech starts 550 ms later (to the 10 ms window).
    expect(shiftMs).toBeGreaterThan(540);
    expect(shiftMs).toBeLessThan(560);
  });

  it('still passes once encoded to MP3 at 44.1 kHz and 192 kbps, as ACX receives it', async () => {
    const rate = 44_100;
    const source = Float32Array.from({ length: rate * 4 }, (_, i) => {
      const t = i / rate;
      const phrase = t > 0.1 && t < 3.5 && t % 0.9 < 0.6 ? 1 : 0;
      return phrase * 0.05 * Math.sin(2 * Math.PI * 180 * t) * (1 + 0.6 * Math.sin(2 * Math.PI * 3 * t));
    });
    const mastered = masterForAcx(source, rate);
    const mp3 = await encodeExportAudio(mastered, rate, 'mp3');
    const decoded = await decodeMp3(mp3);
    expect(decoded.sampleRate).toBe(rate);
    expect(measureAcx(decoded.samples, rate).passes).toEqual({
      rms: true,
      peak: true,
      noiseFloor: true,
      head: true,
      tail: true,
    });
  });

  it('gives only room tone for audio without any sound', () => {
    const mastered = masterForAcx(new Float32Array(RATE), RATE);
    expect(mastered.length).toBe(Math.round(2.75 * RATE));
    const report = measureAcx(mastered, RATE);
    expect(report.noiseFloorDb).toBeCloseTo(-70, 0);
  });

  it('masters the same audio to the same samples every time', () => {
    const once = masterForAcx(signal(failing), RATE);
    const again = masterForAcx(signal(failing), RATE);
    expect(Buffer.from(once.buffer).equals(Buffer.from(again.buffer))).toBe(true);
  });
});
