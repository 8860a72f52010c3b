import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { encodeMp3, Mp3Stream } from '../../src/audio/mp3-stream.js';
import { measurePitch } from '../../src/audio/pitch.js';

/** A steady 16-bit tone with a slow swell, long enough to span many MP3 frames and encoder slices. */
function tone(seconds: number, sampleRate: number, hz: number): Int16Array {
  return Int16Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) => {
    const swell = 0.5 + 0.4 * Math.sin((2 * Math.PI * i) / sampleRate);
    return Math.round(12_000 * swell * Math.sin((2 * Math.PI * hz * i) / sampleRate));
  });
}

describe('MP3 encoding', () => {
  for (const sampleRate of [22_050, 24_000]) {
    it(`keeps the length and the pitch of ${sampleRate} Hz audio`, async () => {
      const mp3 = await encodeMp3(tone(12, sampleRate, 180), sampleRate);
      const decoded = await decodeMp3(mp3);
      expect(decoded.sampleRate).toBe(sampleRate);
      // The encoder adds its delay and pads the last frame: a few frames at most, never less audio.
      expect(decoded.durationMs).toBeGreaterThanOrEqual(12_000);
      expect(decoded.durationMs).toBeLessThan(12_000 + 200);
      // 128 kbps constant bit rate: 16,000 bytes a second, give or take the last frame.
      expect(mp3.length / 12).toBeGreaterThan(15_500);
      expect(mp3.length / 12).toBeLessThan(16_600);
      const pitch = measurePitch(decoded.samples, decoded.sampleRate);
      expect(pitch.medianHz).toBeGreaterThan(175);
      expect(pitch.medianHz).toBeLessThan(185);
    });
  }

  it('gives the same bytes whether two streams are written in turn or interleaved', async () => {
    const sampleRate = 22_050;
    const [low, high] = [tone(6, sampleRate, 120), tone(6, sampleRate, 300)];
    const half = low.length / 2;

    const alone = [await encodeMp3(low, sampleRate), await encodeMp3(high, sampleRate)];

    const [a, b] = await Promise.all([Mp3Stream.open(sampleRate), Mp3Stream.open(sampleRate)]);
    await Promise.all([a.write(low.subarray(0, half)), b.write(high.subarray(0, half))]);
    await Promise.all([a.write(low.subarray(half)), b.write(high.subarray(half))]);
    expect([a.end(), b.end()]).toEqual(alone);
  });
});
