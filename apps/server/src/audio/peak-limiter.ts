/**
 * A look-ahead peak limiter computed over the whole signal at once (exports are not live, so it
 * can look as far ahead as it likes). Each sample gets the gain that keeps it at or under the
 * ceiling; that gain curve is then smoothed so it falls over ATTACK_SECONDS before a peak and
 * climbs back over RELEASE_SECONDS after it, which turns a hard clip into a short dip in level.
 * Both smoothing passes only ever lower the gain, so no sample ends above the ceiling.
 */

const ATTACK_SECONDS = 0.005;
const RELEASE_SECONDS = 0.1;

/** `samples` times `gain`, with every peak brought to at most `ceiling` (linear, 0..1). */
export function limitPeaks(samples: Float32Array, gain: number, ceiling: number, sampleRate: number): Float32Array {
  const length = samples.length;
  const gains = new Float32Array(length);
  const releaseStep = 1 / Math.max(1, RELEASE_SECONDS * sampleRate);
  const attackStep = 1 / Math.max(1, ATTACK_SECONDS * sampleRate);

  // Forward: the gain a sample needs, rising back no faster than the release allows.
  let previous = 1;
  for (let index = 0; index < length; index += 1) {
    const level = Math.abs((samples[index] as number) * gain);
    const needed = level > ceiling ? ceiling / level : 1;
    previous = Math.min(needed, previous + releaseStep);
    gains[index] = previous;
  }
  // Backward: start falling before each peak, no faster than the attack allows.
  let next = 1;
  for (let index = length - 1; index >= 0; index -= 1) {
    next = Math.min(gains[index] as number, next + attackStep);
    gains[index] = next;
  }

  const out = new Float32Array(length);
  for (let index = 0; index < length; index += 1) {
    // Float32 rounding can put a sample a hair over the ceiling: clamp that last bit.
    const value = (samples[index] as number) * gain * (gains[index] as number);
    out[index] = Math.max(-ceiling, Math.min(ceiling, value));
  }
  return out;
}
