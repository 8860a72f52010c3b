import { describe, expect, it } from 'vitest';
import { readHeader } from '../../../src/audio/mp3-frames.js';
import { joinMp3 } from '../../../src/audio/mp3-join.js';
import { encodeMp3 } from '../../../src/audio/mp3-stream.js';

const RATE = 24_000;
const tone = Int16Array.from({ length: RATE }, (_, i) => 7_000 * Math.sin((2 * Math.PI * 250 * i) / RATE));

/**
 * The part with an encoder's "Info" frame in front, as LAME writes when it can seek back to fill
 * it in: a frame with the first frame's header, zeros for side information and the tag after it.
 */
function withInfoFrame(mp3: Buffer): Buffer {
  const header = readHeader(mp3, 0);
  if (!header) throw new Error('the part does not start with a frame');
  const info = Buffer.alloc(header.length);
  mp3.copy(info, 0, 0, 4);
  // MPEG-2 mono: four header bytes and nine of side information come before the tag.
  info.write('Info', 13, 'latin1');
  return Buffer.concat([info, mp3]);
}

describe('joining MP3 parts', () => {
  it('drops an Info frame, which would give a player the first part as the whole length', async () => {
    const plain = await encodeMp3(tone, RATE);
    expect(readHeader(plain, 0)?.sampleRate).toBe(RATE);
    const alone = joinMp3([plain]);
    const joined = joinMp3([withInfoFrame(plain), plain]);
    expect(joined.audio.equals(Buffer.concat([alone.audio, alone.audio]))).toBe(true);
    expect(joined.durationsMs).toEqual([alone.durationsMs[0], alone.durationsMs[0]]);
    // Whole frames of 576 samples (MPEG-2): one second of tone plus the encoder's delay and padding.
    expect(alone.durationsMs[0]).toBeGreaterThanOrEqual(1000);
    expect(((alone.durationsMs[0] ?? 0) * RATE) / 1000 / 576).toBeCloseTo(
      Math.round(((alone.durationsMs[0] ?? 0) * RATE) / 1000 / 576),
      6,
    );
  });

  it('refuses an empty list', () => {
    expect(() => joinMp3([])).toThrow(/Nothing to join/);
  });
});
