import { type FormantSummary, measureFormants } from './formants.js';
import { downsample, type PitchSummary, summarisePitch, trackPitch } from './pitch.js';
import { measureSpeakingRate, type SpeakingRate } from './speaking-rate.js';

/** The measured figures of a voice: pitch (median and range), formants and speaking rate. */
export interface VoiceProfile {
  pitch: PitchSummary;
  formants: FormantSummary;
  rate: SpeakingRate;
}

/**
 * Measures a recording of speech (mono floats in -1..1) over its first `maxSeconds`. The signal is
 * brought down to about 11 kHz first: pitch and the first three formants live well below that.
 */
export function analyseVoice(samples: Float32Array, sampleRate: number, maxSeconds = 30): VoiceProfile {
  const small = downsample(samples, sampleRate);
  const track = trackPitch(small.samples, small.sampleRate, maxSeconds);
  return {
    pitch: summarisePitch(track),
    formants: measureFormants(
      small.samples,
      small.sampleRate,
      track.voiced.map((frame) => frame.start),
    ),
    rate: measureSpeakingRate(small.samples, small.sampleRate, maxSeconds),
  };
}
