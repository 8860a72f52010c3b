import { describe, expect, it } from 'vitest';
import { splitAtPauses } from '../../src/audio/split-at-pauses.js';

const RATE = 1000;
const tone = (ms: number) => Int16Array.from({ length: ms }, (_, i) => (i % 2 === 0 ? 2000 : -2000));
const quiet = (ms: number) => new Int16Array(ms);
const join = (...parts: Int16Array[]) => {
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

describe('splitAtPauses', () => {
  it('cuts at the long pauses only, dropping them, and ignores silence at either end', () => {
    const audio = join(
      quiet(300),
      tone(400),
      quiet(200),
      tone(100),
      quiet(1500),
      tone(250),
      quiet(1600),
      tone(50),
      quiet(900),
    );
    const pieces = splitAtPauses(audio, RATE, 3, 1200);
    expect(pieces?.map((piece) => piece.length)).toEqual([300 + 400 + 200 + 100, 250, 50 + 900]);
  });

  it('answers null when the pauses do not match the number of pieces asked for', () => {
    const audio = join(tone(100), quiet(1500), tone(100));
    expect(splitAtPauses(audio, RATE, 3, 1200)).toBeNull();
    expect(splitAtPauses(audio, RATE, 1, 1200)).toBeNull();
    expect(splitAtPauses(audio, RATE, 2, 1200)?.length).toBe(2);
  });
});
