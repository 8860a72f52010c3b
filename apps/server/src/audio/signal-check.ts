/**
 * Tells sound from white noise and silence, cheaply: a few hundred short frames spread over the
 * signal, their average power spectrum between 100 Hz and 4 kHz (present at every sample rate and
 * below an MP3 encoder's low-pass), and how flat that spectrum is. Speech and music pile their
 * energy into low frequencies, formants and harmonics (flatness well under 0.5); white noise, what
 * random bytes decode to, spreads it evenly (flatness near 1).
 */

export interface SignalMeasure {
  verdict: 'sound' | 'noise' | 'silence' | 'overload';
  /** Geometric over arithmetic mean of the band's average power spectrum: 0 tonal, 1 flat. */
  flatness: number;
  /** Level of the loud frames (95th percentile), in dB below full scale. */
  loudDb: number;
}

const FRAME = 1024;
const MAX_FRAMES = 400;
const BAND_HZ = { low: 100, high: 4_000 };
/** Loud frames quieter than this hold nothing to clone from (-55 dBFS is near inaudible). */
const SILENCE_DB = -55;
/** Frames more than this below the loud level are pauses, left out of the spectrum. */
const ACTIVE_RANGE_DB = 30;
/**
 * Clean speech measures 0.2-0.4 and speech under noise as loud as itself about 0.65; white noise
 * averaged over this many frames measures 0.99.
 */
const NOISE_FLATNESS = 0.75;
/** Decoded audio lives in -1..1; a frame far above full scale is garbage the decoder let through. */
const OVERLOAD_DB = 6;

/** In-place iterative radix-2 FFT of a power-of-two length. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] ?? 0, re[i] ?? 0];
      [im[i], im[j]] = [im[j] ?? 0, im[i] ?? 0];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k += 1) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = start + k;
        const b = a + size / 2;
        const tr = (re[b] ?? 0) * wr - (im[b] ?? 0) * wi;
        const ti = (re[b] ?? 0) * wi + (im[b] ?? 0) * wr;
        re[b] = (re[a] ?? 0) - tr;
        im[b] = (im[a] ?? 0) - ti;
        re[a] = (re[a] ?? 0) + tr;
        im[a] = (im[a] ?? 0) + ti;
      }
    }
  }
}

const HANN = Float64Array.from({ length: FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME));

/** One frame's level in dBFS and its power spectrum (bins 0..FRAME/2). */
function analyseFrame(samples: Float32Array, start: number): { db: number; power: Float64Array } {
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  let energy = 0;
  for (let i = 0; i < FRAME; i += 1) {
    const value = samples[start + i] ?? 0;
    energy += value * value;
    re[i] = value * (HANN[i] ?? 0);
  }
  fft(re, im);
  const power = new Float64Array(FRAME / 2 + 1);
  for (let bin = 0; bin < power.length; bin += 1) power[bin] = (re[bin] ?? 0) ** 2 + (im[bin] ?? 0) ** 2;
  // NaN or infinite samples count as overload, never as quiet.
  return { db: Number.isFinite(energy) ? 10 * Math.log10(energy / FRAME + 1e-12) : Infinity, power };
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? -Infinity;
}

/** Judges decoded mono samples as sound, noise, silence, or values no real audio decodes to. */
export function measureSignal(samples: Float32Array, sampleRate: number): SignalMeasure {
  const count = Math.min(MAX_FRAMES, Math.floor(samples.length / FRAME));
  if (count === 0) return { verdict: 'silence', flatness: 0, loudDb: -Infinity };
  const stride = Math.floor(samples.length / count);
  const frames = Array.from({ length: count }, (_, i) => analyseFrame(samples, i * stride));
  const loudDb = percentile(
    frames.map((frame) => frame.db),
    0.95,
  );
  if (frames.some((frame) => frame.db > OVERLOAD_DB)) return { verdict: 'overload', flatness: 0, loudDb };
  if (loudDb < SILENCE_DB) return { verdict: 'silence', flatness: 0, loudDb };

  const low = Math.max(1, Math.ceil((BAND_HZ.low * FRAME) / sampleRate));
  const high = Math.min(FRAME / 2, Math.floor((Math.min(BAND_HZ.high, sampleRate * 0.45) * FRAME) / sampleRate));
  const average = new Float64Array(high - low + 1);
  for (const frame of frames) {
    if (frame.db < loudDb - ACTIVE_RANGE_DB) continue;
    for (let bin = low; bin <= high; bin += 1) average[bin - low] = (average[bin - low] ?? 0) + (frame.power[bin] ?? 0);
  }
  let logSum = 0;
  let sum = 0;
  for (const value of average) {
    logSum += Math.log(value + 1e-20);
    sum += value;
  }
  const flatness = Math.exp(logSum / average.length) / (sum / average.length + 1e-20);
  return { verdict: flatness > NOISE_FLATNESS ? 'noise' : 'sound', flatness, loudDb };
}
