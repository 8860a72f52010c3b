import { describe, expect, it } from 'vitest';
import { measurePitch } from '../../src/audio/pitch.js';
import { adjustVoice, timeStretch } from '../../src/audio/voice-adjust.js';

const RATE = 16_000;

/** A vowel-like buzz: a 150 Hz pulse train with a few harmonics, two seconds long. */
function buzz(seconds = 2, hz = 150): Float32Array {
  return Float32Array.from({ length: seconds * RATE }, (_, i) => {
    const t = i / RATE;
    return (
      0.4 * Math.sin(2 * Math.PI * hz * t) + 0.2 * Math.sin(4 * Math.PI * hz * t) + 0.1 * Math.sin(6 * Math.PI * hz * t)
    );
  });
}

const asFloats = (samples: Int16Array) => Float32Array.from(samples, (value) => value / 32_768);

describe('adjusting finished speech', () => {
  it('time-stretches without changing the pitch', () => {
    const input = buzz();
    const faster = timeStretch(input, RATE, 2);
    expect(faster.length).toBe(input.length / 2);
    expect(measurePitch(faster, RATE).medianHz).toBeCloseTo(150, -1);
  });

  it('raises the pitch by the slider’s half-semitone steps while keeping the length', () => {
    const higher = asFloats(adjustVoice(buzz(), RATE, { speed: 1, pitch: 10, volume: 1 }));
    expect(Math.abs(higher.length - buzz().length) / buzz().length).toBeLessThan(0.02);
    const ratio = (measurePitch(higher, RATE).medianHz ?? 0) / 150;
    expect(ratio).toBeGreaterThan(2 ** (10 / 24) * 0.95);
    expect(ratio).toBeLessThan(2 ** (10 / 24) * 1.05);
  });

  it('scales the volume and clips instead of wrapping', () => {
    const quiet = adjustVoice(buzz(), RATE, { speed: 1, pitch: 0, volume: 0.5 });
    const loud = adjustVoice(buzz(), RATE, { speed: 1, pitch: 0, volume: 4 });
    expect(Math.max(...quiet.map(Math.abs))).toBeLessThan(0.36 * 32_768);
    expect(Math.min(...loud)).toBe(-32_768);
    expect(Math.max(...loud)).toBe(32_767);
  });
});
