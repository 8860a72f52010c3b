/**
 * Synthetic room tone: the faint, steady noise of a quiet room, laid where synthesised speech has
 * digital zero. ACX asks for "room tone" at the head and tail of every file, and a recording's
 * pauses carry the same noise; a stretch of exact zero between them is heard as a drop-out (and is
 * what ACX's reviewers flag as digital silence), so mastering fills silence with this instead.
 */

/**
 * The room's level: 10 dB under ACX's -60 dB ceiling for the noise floor, so a file passes with
 * room to spare, yet still a real, measurable noise rather than zero.
 */
export const ROOM_TONE_DB = -70;

/**
 * mulberry32: a small seeded generator. The same seed gives the same noise, so mastering the same
 * chapter twice gives the same bytes (exports can be cached and compared).
 */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `length` samples of room tone whose RMS is exactly `levelDb` dBFS: white noise through a gentle
 * one-pole low-pass, which takes the hiss off the top the way a room and microphone do.
 */
export function roomTone(length: number, levelDb = ROOM_TONE_DB, seed = 1): Float32Array {
  const random = seededRandom(seed);
  const noise = new Float32Array(length);
  let smoothed = 0;
  let energy = 0;
  for (let index = 0; index < length; index += 1) {
    smoothed = 0.6 * smoothed + 0.4 * (random() * 2 - 1);
    noise[index] = smoothed;
    energy += smoothed * smoothed;
  }
  if (energy === 0) return noise;
  const scale = 10 ** (levelDb / 20) / Math.sqrt(energy / length);
  for (let index = 0; index < length; index += 1) noise[index] = (noise[index] as number) * scale;
  return noise;
}
