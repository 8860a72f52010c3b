export interface PitchSummary {
  /** Median fundamental frequency of the voiced frames, in Hz; null when nothing was voiced. */
  medianHz: number | null;
  /** The 10th and 90th percentiles: the voice's usual range, without stray octave errors. */
  lowHz: number | null;
  highHz: number | null;
  /** Share of analysed frames that carried a clear pitch. */
  voicedShare: number;
}

const FRAME_MS = 40;
const HOP_MS = 20;
const MIN_HZ = 60;
const MAX_HZ = 500;
/** A frame counts as voiced when its best normalised autocorrelation reaches this. */
const VOICING_THRESHOLD = 0.6;

/** One analysed frame that carried a clear pitch: where it starts (in samples) and its pitch. */
export interface VoicedFrame {
  start: number;
  hz: number;
}

/** The frame length used by the tracker, in samples, at a given rate (other analysers reuse it). */
const pitchFrameLength = (sampleRate: number) => Math.round((FRAME_MS / 1000) * sampleRate);

/**
 * Tracks the pitch of speech by normalised autocorrelation over short frames: quiet frames are
 * skipped, and each voiced frame contributes the lag of its strongest self-similarity. Good enough to
 * compare voices and check pitch controls; it is not a studio-grade tracker.
 */
export function trackPitch(
  samples: Float32Array,
  sampleRate: number,
  maxSeconds = 20,
): { voiced: VoicedFrame[]; frames: number } {
  const frame = pitchFrameLength(sampleRate);
  const hop = Math.round((HOP_MS / 1000) * sampleRate);
  const minLag = Math.floor(sampleRate / MAX_HZ);
  const maxLag = Math.ceil(sampleRate / MIN_HZ);
  const end = Math.min(samples.length, Math.round(maxSeconds * sampleRate));
  const loudness = rms(samples.subarray(0, end));
  const voiced: VoicedFrame[] = [];
  let frames = 0;
  for (let start = 0; start + frame + maxLag <= end; start += hop) {
    frames += 1;
    if (rms(samples.subarray(start, start + frame)) < loudness * 0.3) continue;
    const lag = bestLag(samples, start, frame, minLag, maxLag);
    if (lag) voiced.push({ start, hz: sampleRate / lag });
  }
  return { voiced, frames };
}

/** Median and 10th-90th percentile range of the pitch of speech (see `trackPitch`). */
export function measurePitch(samples: Float32Array, sampleRate: number, maxSeconds = 20): PitchSummary {
  return summarisePitch(trackPitch(samples, sampleRate, maxSeconds));
}

export function summarisePitch({ voiced, frames }: { voiced: VoicedFrame[]; frames: number }): PitchSummary {
  const pitches = voiced.map((frame) => frame.hz).sort((a, b) => a - b);
  const at = (share: number) => pitches[Math.min(pitches.length - 1, Math.floor(pitches.length * share))] ?? null;
  return {
    medianHz: at(0.5),
    lowHz: at(0.1),
    highHz: at(0.9),
    voicedShare: frames > 0 ? pitches.length / frames : 0,
  };
}

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return samples.length > 0 ? Math.sqrt(sum / samples.length) : 0;
}

/**
 * The period of a frame: the shortest lag that is a local peak scoring within 10% of the best one,
 * so a period's multiples (which score almost as well) do not halve the measured pitch.
 */
function bestLag(samples: Float32Array, start: number, frame: number, minLag: number, maxLag: number): number | null {
  const scores = new Float64Array(maxLag + 2);
  let best = 0;
  for (let lag = minLag; lag <= maxLag + 1; lag += 1) {
    let product = 0;
    let energyA = 0;
    let energyB = 0;
    for (let i = start; i < start + frame; i += 1) {
      const a = samples[i] ?? 0;
      const b = samples[i + lag] ?? 0;
      product += a * b;
      energyA += a * a;
      energyB += b * b;
    }
    const score = product / Math.sqrt(energyA * energyB || 1);
    scores[lag] = score;
    if (lag <= maxLag) best = Math.max(best, score);
  }
  if (best < VOICING_THRESHOLD) return null;
  for (let lag = minLag + 1; lag <= maxLag; lag += 1) {
    const score = scores[lag] ?? 0;
    if (score >= best * 0.9 && score >= (scores[lag - 1] ?? 0) && score >= (scores[lag + 1] ?? 0)) return lag;
  }
  return null;
}

/**
 * Averages neighbouring samples down to roughly `targetRate` (speech pitch lives far below it), so
 * long samples can be measured quickly. Returns the samples and their new rate.
 */
export function downsample(
  samples: Float32Array,
  sampleRate: number,
  targetRate = 11_025,
): { samples: Float32Array; sampleRate: number } {
  const factor = Math.max(1, Math.floor(sampleRate / targetRate));
  if (factor === 1) return { samples, sampleRate };
  const out = new Float32Array(Math.floor(samples.length / factor));
  for (let i = 0; i < out.length; i += 1) {
    let sum = 0;
    for (let j = 0; j < factor; j += 1) sum += samples[i * factor + j] ?? 0;
    out[i] = sum / factor;
  }
  return { samples: out, sampleRate: sampleRate / factor };
}
