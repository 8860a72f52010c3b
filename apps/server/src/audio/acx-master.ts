import { fromDb, toDb, WINDOW_SECONDS, windowEnergies } from './acx.js';
import { limitPeaks } from './peak-limiter.js';
import { roomTone } from './room-tone.js';

/**
 * Mastering for ACX: what the "master for ACX" export option does to a chapter's audio.
 *
 * 1. Finds where the speech starts and ends, and the longer pauses inside it.
 * 2. Drops whatever lay before and after the speech and lays HEAD_SECONDS and TAIL_SECONDS of room
 *    tone there instead (ACX: 0.5-1 s at the head, 1-5 s at the tail).
 * 3. Fades the longer pauses to nothing, so the room's own noise, raised with the speech by the
 *    gain, cannot lift the noise floor over -60 dB; then lays room tone under the whole file, so no
 *    stretch is digital silence (see room-tone.ts).
 * 4. Sets one gain for the speech so the whole file's RMS lands on TARGET_RMS_DB, and a look-ahead
 *    limiter holds peaks at LIMIT_DB. When speech's peaks sit far above its average, the limiter
 *    works harder rather than the loudness giving way: ACX rejects both, and a limited peak is the
 *    one no listener notices.
 */

export const TARGET_RMS_DB = -20;
/**
 * Half a dB under ACX's -3 dB: encoding to MP3 can lift a peak by a few tenths of a dB, and ACX
 * measures the MP3 it receives.
 */
export const LIMIT_DB = -3.5;
export const HEAD_SECONDS = 0.75;
export const TAIL_SECONDS = 2;

/** A window this far under the input's own RMS is not speech (about -50 dBFS once mastered). */
const SILENCE_BELOW_RMS_DB = 30;
/** Quiet runs at least this long inside the speech are pauses, faded to room tone. */
const MIN_PAUSE_SECONDS = 0.25;
/** How long a pause takes to fade out and back in, inside the pause, so speech is never touched. */
const PAUSE_FADE_SECONDS = 0.02;
/** Enough to lift very quiet speech; more would only raise noise. */
const MAX_GAIN_DB = 40;
const GAIN_ROUNDS = 8;
const GAIN_TOLERANCE_DB = 0.05;

interface SpeechMap {
  /** First and one-past-last sample of the speech. */
  start: number;
  end: number;
  /** Pauses inside the speech, as [start, end) sample ranges. */
  pauses: [number, number][];
}

/** Where the speech lies, from 10 ms windows compared with the input's own level; null if none. */
function mapSpeech(samples: Float32Array, sampleRate: number): SpeechMap | null {
  const { energies, size } = windowEnergies(samples, sampleRate);
  let total = 0;
  for (const energy of energies) total += energy;
  if (total === 0) return null;
  const threshold = (total / samples.length) * fromDb(-SILENCE_BELOW_RMS_DB) ** 2;
  const quiet = (window: number) =>
    (energies[window] as number) / Math.min(size, samples.length - window * size) < threshold;

  let first = 0;
  while (first < energies.length && quiet(first)) first += 1;
  let last = energies.length - 1;
  while (last > first && quiet(last)) last -= 1;
  if (first >= energies.length) return null;

  const pauses: [number, number][] = [];
  const minWindows = Math.ceil(MIN_PAUSE_SECONDS / WINDOW_SECONDS);
  for (let window = first; window <= last; ) {
    if (!quiet(window)) {
      window += 1;
      continue;
    }
    let runEnd = window;
    while (runEnd <= last && quiet(runEnd)) runEnd += 1;
    if (runEnd - window >= minWindows) pauses.push([window * size, runEnd * size]);
    window = runEnd;
  }
  return { start: first * size, end: Math.min(samples.length, (last + 1) * size), pauses };
}

/** The speech with its pauses faded to zero (ramped inside each pause), relative to `map.start`. */
function speechWithQuietPauses(samples: Float32Array, map: SpeechMap, sampleRate: number): Float32Array {
  const speech = samples.slice(map.start, map.end);
  const fade = Math.max(1, Math.round(PAUSE_FADE_SECONDS * sampleRate));
  for (const [pauseStart, pauseEnd] of map.pauses) {
    const from = pauseStart - map.start;
    const to = pauseEnd - map.start;
    const ramp = Math.min(fade, Math.floor((to - from) / 2));
    for (let index = from; index < to; index += 1) {
      const edge = Math.min(index - from, to - 1 - index);
      const weight = edge >= ramp ? 0 : 1 - edge / ramp;
      speech[index] = (speech[index] as number) * weight;
    }
  }
  return speech;
}

const energyOf = (samples: Float32Array) => {
  let sum = 0;
  for (const value of samples) sum += value * value;
  return sum;
};

/**
 * The speech at the gain that puts the finished file's RMS on the target, limited. Limiting
 * takes a little energy off the peaks, so the gain is refined a few rounds until the level holds.
 */
function levelSpeech(speech: Float32Array, totalLength: number, bedEnergy: number, sampleRate: number): Float32Array {
  const target = fromDb(TARGET_RMS_DB);
  const ceiling = fromDb(LIMIT_DB);
  const maxGain = fromDb(MAX_GAIN_DB);
  let gain = Math.min(maxGain, target / Math.sqrt(energyOf(speech) / totalLength));
  let leveled = limitPeaks(speech, gain, ceiling, sampleRate);
  for (let round = 0; round < GAIN_ROUNDS; round += 1) {
    const rms = Math.sqrt((energyOf(leveled) + bedEnergy) / totalLength);
    if (Math.abs(toDb(rms) - TARGET_RMS_DB) < GAIN_TOLERANCE_DB || gain >= maxGain) break;
    gain = Math.min(maxGain, gain * (target / rms));
    leveled = limitPeaks(speech, gain, ceiling, sampleRate);
  }
  return leveled;
}

export interface MasteredAudio {
  samples: Float32Array;
  /**
   * How far the speech moved: add it to a time in the input to find the same moment in the output
   * (negative when leading silence was cut). Pauses inside are kept, so one shift holds throughout,
   * which is what subtitles need.
   */
  shiftMs: number;
}

/**
 * Masters mono float samples for ACX (see the top of this file). Audio without any sound gives
 * only the head and tail of room tone.
 */
export function masterForAcxWithShift(samples: Float32Array, sampleRate: number): MasteredAudio {
  const head = Math.round(HEAD_SECONDS * sampleRate);
  const tail = Math.round(TAIL_SECONDS * sampleRate);
  const map = mapSpeech(samples, sampleRate);
  const speechLength = map ? map.end - map.start : 0;
  const out = roomTone(head + speechLength + tail);
  if (!map) return { samples: out, shiftMs: (head / sampleRate) * 1000 };

  const speech = speechWithQuietPauses(samples, map, sampleRate);
  const leveled = levelSpeech(speech, out.length, energyOf(out), sampleRate);
  for (let index = 0; index < leveled.length; index += 1) {
    out[head + index] = (out[head + index] as number) + (leveled[index] as number);
  }
  return { samples: out, shiftMs: ((head - map.start) / sampleRate) * 1000 };
}

/** Masters mono float samples for ACX; see `masterForAcxWithShift` for where the speech moved. */
export function masterForAcx(samples: Float32Array, sampleRate: number): Float32Array {
  return masterForAcxWithShift(samples, sampleRate).samples;
}
