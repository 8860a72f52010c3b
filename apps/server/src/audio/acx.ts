/**
 * Measures audio against ACX's audio submission requirements (the audiobook standard Audible's
 * Audiobook Creation Exchange checks every uploaded file against):
 *
 * - RMS between -23 and -18 dB: the plain, unweighted RMS of every sample of the file, in dB
 *   relative to full scale (1.0), as ACX Check and Audacity measure it: a full-scale sine reads
 *   -3.01 dB, with no "+3 dB sine" correction.
 * - Peak at most -3 dB: the largest sample magnitude (sample peak, not true peak; ACX Check reads
 *   samples).
 * - Noise floor at most -60 dB: ACX leaves the method to its checker; ACX Check takes the RMS of
 *   the quietest half second of the file, and so do we: every 500 ms window, moved in 10 ms steps,
 *   and the lowest RMS among them.
 * - Room tone of 0.5 to 1 s at the head and 1 to 5 s at the tail: how long the file stays
 *   near-silent (see SILENCE_DB) before the first and after the last sound.
 */

export interface AcxLimits {
  rmsMinDb: number;
  rmsMaxDb: number;
  peakMaxDb: number;
  noiseFloorMaxDb: number;
  headMinSeconds: number;
  headMaxSeconds: number;
  tailMinSeconds: number;
  tailMaxSeconds: number;
}

export const ACX_LIMITS: AcxLimits = {
  rmsMinDb: -23,
  rmsMaxDb: -18,
  peakMaxDb: -3,
  noiseFloorMaxDb: -60,
  headMinSeconds: 0.5,
  headMaxSeconds: 1,
  tailMinSeconds: 1,
  tailMaxSeconds: 5,
};

export interface AcxReport {
  /** Whole-file RMS in dBFS (-Infinity for digital silence). */
  rmsDb: number;
  /** Sample peak in dBFS. */
  peakDb: number;
  /** RMS of the quietest 500 ms window, in dBFS. */
  noiseFloorDb: number;
  /** Seconds of near-silence before the first sound. */
  headSeconds: number;
  /** Seconds of near-silence after the last sound. */
  tailSeconds: number;
  passes: { rms: boolean; peak: boolean; noiseFloor: boolean; head: boolean; tail: boolean };
  /** Every requirement met. */
  passed: boolean;
}

/**
 * A 10 ms window quieter than this counts as room tone when finding the head and tail. It sits
 * 10 dB above the loudest noise floor ACX allows, so a compliant room never reads as speech, and
 * some 30 dB under speech at ACX's level, so the soft start of a word is not taken for silence.
 */
export const SILENCE_DB = -50;
/** The step of every windowed measurement. */
export const WINDOW_SECONDS = 0.01;
const NOISE_WINDOW_SECONDS = 0.5;

export const toDb = (linear: number) => 20 * Math.log10(linear);
export const fromDb = (db: number) => 10 ** (db / 20);

/**
 * Sums of squares of consecutive 10 ms windows (the last one may be shorter), in float64: a
 * running sum of floats over an hour of audio would lose the quiet parts to rounding.
 */
export function windowEnergies(samples: Float32Array, sampleRate: number): { energies: Float64Array; size: number } {
  const size = Math.max(1, Math.round(sampleRate * WINDOW_SECONDS));
  const energies = new Float64Array(Math.ceil(samples.length / size));
  for (let window = 0; window < energies.length; window += 1) {
    const end = Math.min(samples.length, (window + 1) * size);
    let sum = 0;
    for (let index = window * size; index < end; index += 1) sum += (samples[index] as number) ** 2;
    energies[window] = sum;
  }
  return { energies, size };
}

function wholeRms(energies: Float64Array, length: number): number {
  let total = 0;
  for (const energy of energies) total += energy;
  return length === 0 ? 0 : Math.sqrt(total / length);
}

function samplePeak(samples: Float32Array): number {
  let peak = 0;
  for (const value of samples) peak = Math.max(peak, Math.abs(value));
  return peak;
}

/**
 * The lowest RMS of any 500 ms run of whole windows (the whole file when it is shorter). A short
 * last window is left out, so every run compared is the same length. Each run is summed afresh
 * rather than slid with subtractions, so a run of digital zeros reads exactly zero.
 */
function quietestHalfSecond(energies: Float64Array, size: number, length: number): number {
  const span = Math.round(NOISE_WINDOW_SECONDS / WINDOW_SECONDS);
  const whole = Math.floor(length / size);
  if (whole < span) return wholeRms(energies, length);
  let lowest = Number.POSITIVE_INFINITY;
  for (let start = 0; start + span <= whole; start += 1) {
    let sum = 0;
    for (let index = start; index < start + span; index += 1) sum += energies[index] as number;
    lowest = Math.min(lowest, sum);
  }
  return Math.sqrt(lowest / (span * size));
}

/** Leading and trailing runs of windows under the silence level, in seconds. */
export function silentEnds(
  energies: Float64Array,
  size: number,
  length: number,
  sampleRate: number,
): { headSeconds: number; tailSeconds: number } {
  const threshold = fromDb(SILENCE_DB) ** 2;
  const isSilent = (index: number) => {
    const samples = Math.min(size, length - index * size);
    return (energies[index] as number) / samples < threshold;
  };
  let first = 0;
  while (first < energies.length && isSilent(first)) first += 1;
  if (first === energies.length) {
    const all = length / sampleRate;
    return { headSeconds: all, tailSeconds: all };
  }
  let last = energies.length - 1;
  while (last > first && isSilent(last)) last -= 1;
  const soundEnd = Math.min(length, (last + 1) * size);
  return { headSeconds: (first * size) / sampleRate, tailSeconds: (length - soundEnd) / sampleRate };
}

/** Measures mono float samples (-1..1) against ACX's requirements. */
export function measureAcx(samples: Float32Array, sampleRate: number, limits: AcxLimits = ACX_LIMITS): AcxReport {
  const { energies, size } = windowEnergies(samples, sampleRate);
  const rmsDb = toDb(wholeRms(energies, samples.length));
  const peakDb = toDb(samplePeak(samples));
  const noiseFloorDb = toDb(quietestHalfSecond(energies, size, samples.length));
  const { headSeconds, tailSeconds } = silentEnds(energies, size, samples.length, sampleRate);
  const passes = {
    rms: rmsDb >= limits.rmsMinDb && rmsDb <= limits.rmsMaxDb,
    peak: peakDb <= limits.peakMaxDb,
    noiseFloor: noiseFloorDb <= limits.noiseFloorMaxDb,
    head: headSeconds >= limits.headMinSeconds && headSeconds <= limits.headMaxSeconds,
    tail: tailSeconds >= limits.tailMinSeconds && tailSeconds <= limits.tailMaxSeconds,
  };
  return {
    rmsDb,
    peakDb,
    noiseFloorDb,
    headSeconds,
    tailSeconds,
    passes,
    passed: Object.values(passes).every(Boolean),
  };
}
