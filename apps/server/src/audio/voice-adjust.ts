import { floatsToPcm } from './pcm.js';

/**
 * Speed, pitch and volume applied to finished speech, for engines whose service cannot honour the
 * product's sliders itself. Speed is a WSOLA time-stretch (overlapping windows placed where the
 * waveform lines up, so the pitch stays); pitch is a time-stretch followed by resampling back to
 * the original length; volume is a gain with clipping.
 */

const FRAME_MS = 30;
const TOLERANCE_MS = 8;
/** Correlation is measured on every 4th sample: plenty for speech, and four times cheaper. */
const CORRELATION_STEP = 4;

/** One slider step is half a semitone, so the pitch slider spans five semitones each way. */
export const pitchFactor = (steps: number) => 2 ** (steps / 24);

/** Makes speech `rate` times faster (rate > 1) or slower, keeping its pitch. */
export function timeStretch(input: Float32Array, sampleRate: number, rate: number): Float32Array {
  if (Math.abs(rate - 1) < 1e-3 || input.length === 0) return input;
  const frame = Math.round((FRAME_MS / 1000) * sampleRate);
  const hopOut = Math.floor(frame / 2);
  const tolerance = Math.round((TOLERANCE_MS / 1000) * sampleRate);
  const window = Float32Array.from({ length: frame }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frame));
  const outLength = Math.floor(input.length / rate);
  const output = new Float32Array(outLength + frame);
  const weight = new Float32Array(outLength + frame);
  const at = (i: number) => (i >= 0 && i < input.length ? (input[i] ?? 0) : 0);
  let previous = 0;
  for (let outPos = 0; outPos < outLength; outPos += hopOut) {
    const ideal = Math.round(outPos * rate);
    let chosen = ideal;
    if (outPos > 0) {
      // Where the previous frame would naturally have continued: the new frame should match it.
      const natural = previous + hopOut;
      let best = Number.NEGATIVE_INFINITY;
      for (let delta = -tolerance; delta <= tolerance; delta += 2) {
        let score = 0;
        for (let i = 0; i < hopOut; i += CORRELATION_STEP) score += at(natural + i) * at(ideal + delta + i);
        if (score > best) {
          best = score;
          chosen = ideal + delta;
        }
      }
    }
    for (let i = 0; i < frame; i += 1) {
      const w = window[i] ?? 0;
      output[outPos + i] = (output[outPos + i] ?? 0) + w * at(chosen + i);
      weight[outPos + i] = (weight[outPos + i] ?? 0) + w;
    }
    previous = chosen;
  }
  const result = new Float32Array(outLength);
  for (let i = 0; i < outLength; i += 1) {
    const w = weight[i] ?? 0;
    result[i] = w > 1e-3 ? (output[i] ?? 0) / w : 0;
  }
  return result;
}

/** Stretches or squeezes a signal to `length` samples by linear interpolation (changes its pitch). */
export function resample(input: Float32Array, length: number): Float32Array {
  const output = new Float32Array(length);
  const step = input.length / length;
  for (let i = 0; i < length; i += 1) {
    const position = i * step;
    const index = Math.floor(position);
    const fraction = position - index;
    output[i] = (input[index] ?? 0) * (1 - fraction) + (input[index + 1] ?? input[index] ?? 0) * fraction;
  }
  return output;
}

/**
 * Applies the sliders to mono speech and returns 16-bit samples: `speed` as extra tempo (1 = none),
 * `pitch` in slider steps, `volume` as gain.
 */
export function adjustVoice(
  samples: Float32Array,
  sampleRate: number,
  { speed, pitch, volume }: { speed: number; pitch: number; volume: number },
): Int16Array {
  const factor = pitchFactor(pitch);
  // Raising the pitch by resampling also shortens the sound by the same factor; stretch first.
  const stretched = timeStretch(samples, sampleRate, speed / factor);
  const shifted = factor === 1 ? stretched : resample(stretched, Math.round(stretched.length / factor));
  return floatsToPcm(shifted, volume * 32_767);
}
