import { describe, expect, it } from 'vitest';
import { measureFormants } from '../../src/audio/formants.js';
import { measurePitch } from '../../src/audio/pitch.js';
import { measureSpeakingRate } from '../../src/audio/speaking-rate.js';

const RATE = 11_025;

/** A glottal-like pulse train at `f0` filtered by two-pole resonators at the given formants. */
function vowel(f0: number, formants: [number, number][], seconds = 1): Float32Array {
  let signal: Float32Array = new Float32Array(Math.round(seconds * RATE));
  const period = RATE / f0;
  for (let t = 0; t < signal.length; t += period) signal[Math.round(t)] = 1;
  for (const [hz, bandwidth] of formants) {
    const r = Math.exp((-Math.PI * bandwidth) / RATE);
    const c = 2 * r * Math.cos((2 * Math.PI * hz) / RATE);
    const out = new Float32Array(signal.length);
    for (let n = 0; n < signal.length; n += 1) {
      out[n] = (signal[n] ?? 0) + c * (out[n - 1] ?? 0) - r * r * (out[n - 2] ?? 0);
    }
    signal = out;
  }
  const peak = signal.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
  return signal.map((value) => (0.5 * value) / peak);
}

/** A buzz (a few harmonics of 150 Hz) switched on for `onMs` once every 1000 / perSecond ms. */
function bursts(perSecond: number, onMs: number, seconds: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  const every = RATE / perSecond;
  const on = (onMs / 1000) * RATE;
  for (let i = 0; i < out.length; i += 1) {
    const inBurst = i % every < on;
    if (!inBurst) continue;
    const t = i / RATE;
    out[i] = 0.3 * (Math.sin(2 * Math.PI * 150 * t) + 0.5 * Math.sin(2 * Math.PI * 300 * t));
  }
  return out;
}

const everyTenMs = (length: number) => Array.from({ length: Math.floor(length / 110) - 3 }, (_, i) => (i + 1) * 110);

describe('voice analysers on signals with known answers', () => {
  it('finds the first three formants of a synthetic vowel within 6%', () => {
    const signal = vowel(120, [
      [700, 60],
      [1220, 70],
      [2600, 110],
      [3500, 150],
    ]);
    const found = measureFormants(signal, RATE, everyTenMs(signal.length));
    expect(found.frames).toBeGreaterThan(50);
    expect(Math.abs((found.f1Hz ?? 0) / 700 - 1)).toBeLessThan(0.06);
    expect(Math.abs((found.f2Hz ?? 0) / 1220 - 1)).toBeLessThan(0.06);
    expect(Math.abs((found.f3Hz ?? 0) / 2600 - 1)).toBeLessThan(0.06);
  });

  it('gives a shorter vocal tract for a vowel whose formants all sit 20% higher', () => {
    const formants: [number, number][] = [
      [500, 60],
      [1500, 80],
      [2500, 110],
      [3500, 150],
    ];
    const long = vowel(110, formants);
    const short = vowel(
      180,
      formants.map(([hz, bandwidth]) => [hz * 1.2, bandwidth] as [number, number]),
    );
    const longTract = measureFormants(long, RATE, everyTenMs(long.length)).vocalTractCm ?? 0;
    const shortTract = measureFormants(short, RATE, everyTenMs(short.length)).vocalTractCm ?? 0;
    // A uniform 17.5 cm tube resonates at 500, 1500 and 2500 Hz.
    expect(longTract).toBeGreaterThan(16);
    expect(longTract).toBeLessThan(19);
    expect(longTract / shortTract).toBeGreaterThan(1.12);
    expect(longTract / shortTract).toBeLessThan(1.28);
  });

  it('counts a train of 4 and of 6 bursts a second as that many syllables per second', () => {
    const slow = measureSpeakingRate(bursts(4, 120, 6), RATE);
    const fast = measureSpeakingRate(bursts(6, 90, 6), RATE);
    expect(Math.abs((slow.syllablesPerSecond ?? 0) / 4 - 1)).toBeLessThan(0.1);
    expect(Math.abs((fast.syllablesPerSecond ?? 0) / 6 - 1)).toBeLessThan(0.1);
  });

  it('leaves long pauses out of the speaking time', () => {
    const speech = bursts(4, 120, 3);
    const withPause = new Float32Array(speech.length * 2 + RATE * 2);
    withPause.set(speech, 0);
    withPause.set(speech, speech.length + RATE * 2);
    const rate = measureSpeakingRate(withPause, RATE);
    expect(rate.speechSeconds).toBeLessThan(6.5);
    expect(Math.abs((rate.syllablesPerSecond ?? 0) / 4 - 1)).toBeLessThan(0.12);
  });

  it('reports the 10th to 90th percentile range of a pitch glide from 100 to 200 Hz', () => {
    const seconds = 4;
    const tone = new Float32Array(seconds * RATE);
    let phase = 0;
    for (let i = 0; i < tone.length; i += 1) {
      phase += (2 * Math.PI * (100 + (100 * i) / tone.length)) / RATE;
      tone[i] = 0.5 * Math.sin(phase);
    }
    const pitch = measurePitch(tone, RATE);
    expect(Math.abs((pitch.lowHz ?? 0) / 110 - 1)).toBeLessThan(0.05);
    expect(Math.abs((pitch.medianHz ?? 0) / 150 - 1)).toBeLessThan(0.05);
    expect(Math.abs((pitch.highHz ?? 0) / 190 - 1)).toBeLessThan(0.05);
  });
});
