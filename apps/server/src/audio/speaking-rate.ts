/**
 * Speaking rate as syllable nuclei per second of speech: every syllable carries a vowel, and vowels
 * are the loud peaks of the energy envelope, so the rate is the number of envelope peaks that rise
 * clearly above the dip before them, divided by the time spent speaking (pauses left out).
 */

export interface SpeakingRate {
  /** Syllable nuclei per second of speech; null when nothing was heard. */
  syllablesPerSecond: number | null;
  nuclei: number;
  speechSeconds: number;
}

const FRAME_MS = 25;
const HOP_MS = 10;
/** A new syllable starts when the envelope rises this far above the dip that followed the last one. */
const DIP_DB = 3;
/** Nuclei are at most this far below the loud level of the recording. */
const NUCLEUS_RANGE_DB = 22;
/** Frames within this range of the loud level count as speech... */
const SPEECH_RANGE_DB = 35;
/** ...and silences shorter than this inside speech (stop closures) count too; longer ones are pauses. */
const MAX_GAP_MS = 250;

export function measureSpeakingRate(samples: Float32Array, sampleRate: number, maxSeconds = 30): SpeakingRate {
  const frame = Math.round((FRAME_MS / 1000) * sampleRate);
  const hop = Math.round((HOP_MS / 1000) * sampleRate);
  const end = Math.min(samples.length, Math.round(maxSeconds * sampleRate));
  const levels: number[] = [];
  for (let start = 0; start + frame <= end; start += hop) {
    let sum = 0;
    for (let i = start; i < start + frame; i += 1) sum += (samples[i] ?? 0) ** 2;
    levels.push(10 * Math.log10(sum / frame + 1e-10));
  }
  // Smoothing over ~50 ms keeps one syllable from counting twice on its own ripples.
  const smooth = levels.map((_, i) => {
    const from = Math.max(0, i - 2);
    const part = levels.slice(from, i + 3);
    return part.reduce((a, b) => a + b, 0) / part.length;
  });
  const sorted = [...smooth].sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  if (sorted.length === 0 || loud < -90) return { syllablesPerSecond: null, nuclei: 0, speechSeconds: 0 };

  let nuclei = 0;
  let rising = true;
  let peak = Number.NEGATIVE_INFINITY;
  let dip = Number.POSITIVE_INFINITY;
  for (const level of smooth) {
    if (rising) {
      dip = Math.min(dip, level);
      if (level >= loud - NUCLEUS_RANGE_DB && level - dip >= DIP_DB) {
        rising = false;
        peak = level;
      }
    } else if (level > peak) {
      peak = level;
    } else if (peak - level >= DIP_DB) {
      nuclei += 1;
      rising = true;
      dip = level;
    }
  }
  if (!rising) nuclei += 1;

  const maxGap = Math.round(MAX_GAP_MS / HOP_MS);
  let speechFrames = 0;
  let gap = 0;
  let started = false;
  for (const level of levels) {
    if (level >= loud - SPEECH_RANGE_DB) {
      if (started && gap <= maxGap) speechFrames += gap;
      speechFrames += 1;
      started = true;
      gap = 0;
    } else {
      gap += 1;
    }
  }
  const speechSeconds = (speechFrames * HOP_MS) / 1000;
  return { syllablesPerSecond: speechSeconds > 0 ? nuclei / speechSeconds : null, nuclei, speechSeconds };
}
