import { randomBytes } from 'node:crypto';
import type { CloneLanguage } from '@sayso/contract/languages';
import type { FormantSummary } from '../../audio/formants.js';
import type { DecodedAudio } from '../../audio/mp3-decode.js';
import { pcmToFloats } from '../../audio/pcm.js';
import { analyseVoice, type VoiceProfile } from '../../audio/voice-profile.js';
import { EngineError } from '../speech-engine.js';
import { runEspeak } from './run.js';

/**
 * eSpeak NG voices for the clone screen's 40 languages (spec section 2), one for each (the
 * compiler holds this to the contract's list). Filipino has none of its own and Nynorsk borrows
 * Bokmål.
 */
const ESPEAK_VOICE_OF: Record<CloneLanguage, string> = {
  english: 'en-us',
  vietnamese: 'vi',
  arabic: 'ar',
  cantonese: 'yue',
  chinese: 'cmn',
  dutch: 'nl',
  french: 'fr-fr',
  german: 'de',
  indonesian: 'id',
  italian: 'it',
  japanese: 'ja',
  korean: 'ko',
  portuguese: 'pt-br',
  russian: 'ru',
  spanish: 'es',
  turkish: 'tr',
  ukrainian: 'uk',
  thai: 'th',
  polish: 'pl',
  romanian: 'ro',
  greek: 'el',
  czech: 'cs',
  finnish: 'fi',
  hindi: 'hi',
  bulgarian: 'bg',
  danish: 'da',
  hebrew: 'he',
  malay: 'ms',
  persian: 'fa',
  slovak: 'sk',
  swedish: 'sv',
  croatian: 'hr',
  filipino: 'en-us',
  hungarian: 'hu',
  norwegian: 'nb',
  slovenian: 'sl',
  catalan: 'ca',
  nynorsk: 'nb',
  tamil: 'ta',
  afrikaans: 'af',
};

/** The eSpeak voice of a clone-screen language. */
export function cloneLanguage(tag: CloneLanguage): string {
  return ESPEAK_VOICE_OF[tag];
}

/**
 * An approximate clone: an eSpeak language and a voice variant fitted to a sample. The variant is
 * built from a male or female template with the fitted pitch (base and top, in Hz, as eSpeak's
 * variant files take them), formant frequencies (percent of eSpeak's own) and speaking speed.
 */
export interface CloneVoiceSpec {
  language: string;
  gender: 'm' | 'f';
  baseHz: number;
  topHz: number;
  formantPercent: number;
  wordsPerMinute: number;
}

/** How eSpeak is asked to speak with a voice: its `-v` name, base pitch (0-99), speed and variant file. */
export interface EspeakVoice {
  name: string;
  basePitch: number;
  wordsPerMinute: number;
  variant?: { name: string; text: string };
}

const FITTED_ID = /^ec-([a-z]{2,3}(?:-[a-z0-9]+)*)-([mf])-b(\d{2,3})-t(\d{2,3})-f(\d{2,3})-s(\d{2,3})-[a-z0-9]{6}$/;
/** Clones made before range, formants and rate were fitted: a stock variant and a base pitch. */
const LEGACY_ID = /^ec-([a-z]{2,3}(?:-[a-z0-9]+)*)-([mf]\d)-p(\d{1,2})-[a-z0-9]{6}$/;
const DEFAULT_WPM = 175;
const VARIANT_NAME = 'sayso-clone';

/** The clone's settings live in its id, so any process can speak with it without a lookup. */
export function cloneVoiceId(spec: CloneVoiceSpec): string {
  const suffix = randomBytes(4).toString('hex').slice(0, 6);
  return `ec-${spec.language}-${spec.gender}-b${spec.baseHz}-t${spec.topHz}-f${spec.formantPercent}-s${spec.wordsPerMinute}-${suffix}`;
}

function parseCloneVoiceId(voiceId: string): CloneVoiceSpec | null {
  const match = FITTED_ID.exec(voiceId);
  if (!match) return null;
  const [, language = 'en-us', gender, base, top, formants, wpm] = match;
  return {
    language,
    gender: gender === 'f' ? 'f' : 'm',
    baseHz: Number(base),
    topHz: Number(top),
    formantPercent: Number(formants),
    wordsPerMinute: Number(wpm),
  };
}

/** The eSpeak voice behind a clone id, fitted or legacy; null when the id is not a clone's. */
export function cloneEspeakVoice(voiceId: string): EspeakVoice | null {
  const spec = parseCloneVoiceId(voiceId);
  if (spec) return fittedVoice(spec);
  const legacy = LEGACY_ID.exec(voiceId);
  if (!legacy) return null;
  const [, language = 'en-us', variant = 'm3', pitch = '50'] = legacy;
  return { name: `${language}+${variant}`, basePitch: Number(pitch), wordsPerMinute: DEFAULT_WPM };
}

function fittedVoice(spec: CloneVoiceSpec): EspeakVoice {
  return {
    name: `${spec.language}+${VARIANT_NAME}`,
    basePitch: 50,
    wordsPerMinute: spec.wordsPerMinute,
    variant: { name: VARIANT_NAME, text: variantFile(spec) },
  };
}

/**
 * An eSpeak variant file: eSpeak's own male3 / female2 variants (their formant heights, widths
 * and voice quality) with the fitted pitch and the first five formant frequencies replaced.
 */
function variantFile(spec: CloneVoiceSpec): string {
  const f = spec.formantPercent;
  const male = spec.gender === 'm';
  const heights = male ? [100, 97, 97, 103, 103, 103] : [80, 80, 70, 70, 80, 80];
  const widths = male ? [100, 100, 100, 100, 100, 100] : [150, 160, 150, 150, 150, 150];
  const formants = heights.map(
    (height, n) => `formant ${n} ${n === 0 ? (male ? 100 : 105) : f} ${height} ${widths[n]}`,
  );
  return [
    'language variant',
    `name ${VARIANT_NAME}`,
    `gender ${male ? 'male' : 'female'}`,
    `pitch ${spec.baseHz} ${spec.topHz}`,
    ...formants,
    ...(male
      ? ['consonants 100', 'stressAdd 10 10 0 0 0 0 -30 -30']
      : ['roughness 3', 'stressAdd 0 0 -10 -10 0 0 10 40', 'breath 0 2 3 3 3 3 3 2', 'consonants 125 125']),
    '',
  ].join('\n');
}

/** Measures a decoded sample's voice (pitch median and range, formants, speaking rate) from its first 30 seconds. */
export function analyseSample(sample: Pick<DecodedAudio, 'samples' | 'sampleRate'>): VoiceProfile {
  const profile = analyseVoice(sample.samples, sample.sampleRate, 30);
  if (!profile.pitch.medianHz) {
    throw new EngineError('No voice could be heard in the sample. Please upload a clear recording.', 'invalid_input');
  }
  return profile;
}

interface Trial {
  spec: CloneVoiceSpec;
  profile: VoiceProfile;
  audio: { samples: Int16Array; sampleRate: number };
}

async function trial(spec: CloneVoiceSpec, text: string): Promise<Trial> {
  const voice = fittedVoice(spec);
  const audio = await runEspeak(
    ['-v', voice.name, '-s', String(spec.wordsPerMinute), '-p', String(voice.basePitch)],
    text,
    voice.variant,
  );
  return { spec, profile: analyseVoice(pcmToFloats(audio.samples), audio.sampleRate, 30), audio };
}

const clamp = (value: number, low: number, high: number) => Math.round(Math.min(high, Math.max(low, value)));

/** How much higher the sample's formants sit than a trial's (geometric mean of F1-F3 ratios); 1 when unknown. */
function formantRatio(target: FormantSummary, measured: FormantSummary): number {
  const pairs: [number | null, number | null][] = [
    [target.f1Hz, measured.f1Hz],
    [target.f2Hz, measured.f2Hz],
    [target.f3Hz, measured.f3Hz],
  ];
  if (pairs.some(([a, b]) => !a || !b)) return 1;
  return Math.exp(pairs.reduce((sum, [a, b]) => sum + Math.log((a ?? 1) / (b ?? 1)), 0) / pairs.length);
}

const pitchOf = (profile: VoiceProfile) => ({
  median: profile.pitch.medianHz ?? 0,
  low: profile.pitch.lowHz ?? 0,
  high: profile.pitch.highHz ?? 0,
});

/**
 * Speaking speed that should bring a trial's measured rate to the target: syllable rate grows
 * less than proportionally with eSpeak's words per minute, by an exponent measured between two
 * trials when there are two at different speeds.
 */
function nextSpeed(target: number | null, last: Trial, previous?: Trial): number {
  const rate = last.profile.rate.syllablesPerSecond;
  if (!target || !rate) return last.spec.wordsPerMinute;
  let exponent = 0.6;
  const previousRate = previous?.profile.rate.syllablesPerSecond;
  if (previous && previousRate && Math.abs(previous.spec.wordsPerMinute - last.spec.wordsPerMinute) > 5) {
    const measured = Math.log(rate / previousRate) / Math.log(last.spec.wordsPerMinute / previous.spec.wordsPerMinute);
    if (Number.isFinite(measured)) exponent = Math.min(1.5, Math.max(0.3, measured));
  }
  return clamp(last.spec.wordsPerMinute * (target / rate) ** (1 / exponent), 80, 450);
}

/**
 * Fits an eSpeak voice to a sample's measured figures by speaking the preview text and measuring
 * the result with the same analysers: formants and speed are scaled by what the first trial
 * missed, pitch base and top are solved from two trials (eSpeak's pitch is linear in both), and a
 * last trial corrects what is left. Three or four eSpeak runs in all; the last run's audio is the
 * voice's preview.
 */
export async function fitCloneVoice(
  target: VoiceProfile,
  language: string,
  text: string,
): Promise<{ spec: CloneVoiceSpec; preview: { samples: Int16Array; sampleRate: number } }> {
  const goal = pitchOf(target);
  const goalRate = target.rate.syllablesPerSecond;
  const gender = goal.median < 165 ? 'm' : 'f';
  const spread0 = Math.max(10, Math.round(goal.median * 0.5));
  const base0 = clamp(goal.median * 0.75, 40, 350);
  const a = await trial(
    {
      language,
      gender,
      baseHz: base0,
      topHz: base0 + spread0,
      formantPercent: gender === 'm' ? 96 : 110,
      wordsPerMinute: DEFAULT_WPM,
    },
    text,
  );
  const formantPercent = clamp(a.spec.formantPercent * formantRatio(target.formants, a.profile.formants), 65, 150);
  const base1 = clamp(base0 * 1.25, 40, 350);
  const spread1 = Math.max(5, Math.round(spread0 * 0.5));
  const b = await trial(
    { language, gender, baseHz: base1, topHz: base1 + spread1, formantPercent, wordsPerMinute: nextSpeed(goalRate, a) },
    text,
  );

  // Each percentile q of the output is alpha_q * base + gamma_q * spread; two trials give both.
  const [pa, pb] = [pitchOf(a.profile), pitchOf(b.profile)];
  const det = base0 * spread1 - base1 * spread0;
  const solve = (ya: number, yb: number) => ({
    alpha: (ya * spread1 - yb * spread0) / det,
    gamma: (base0 * yb - base1 * ya) / det,
  });
  const [low, mid, high] = [solve(pa.low, pb.low), solve(pa.median, pb.median), solve(pa.high, pb.high)];
  const rangeAlpha = high.alpha - low.alpha;
  const rangeGamma = high.gamma - low.gamma;
  const d2 = mid.alpha * rangeGamma - rangeAlpha * mid.gamma;
  const goalRange = goal.high - goal.low;
  let base = (goal.median * rangeGamma - goalRange * mid.gamma) / d2;
  let spread = (mid.alpha * goalRange - rangeAlpha * goal.median) / d2;
  if (!Number.isFinite(base) || !Number.isFinite(spread) || base < 30 || spread < 0 || mid.alpha <= 0) {
    // The trials were too noisy to solve: keep the second trial's shape and scale it to the median.
    spread = spread1 * (goalRange / Math.max(1, pb.high - pb.low));
    base = base1 * (goal.median / Math.max(1, pb.median));
  }
  const spec = (baseHz: number, spreadHz: number, percent: number, wordsPerMinute: number): CloneVoiceSpec => {
    const clampedBase = clamp(baseHz, 40, 400);
    return {
      language,
      gender,
      baseHz: clampedBase,
      topHz: clamp(clampedBase + Math.max(5, spreadHz), clampedBase + 5, 999),
      formantPercent: clamp(percent, 65, 150),
      wordsPerMinute: wordsPerMinute,
    };
  };
  const c = await trial(
    spec(
      base,
      spread,
      formantPercent * formantRatio(target.formants, b.profile.formants) ** 0.5,
      nextSpeed(goalRate, b, a),
    ),
    text,
  );
  const measured = c.profile.pitch.medianHz ?? goal.median;
  const rate = c.profile.rate.syllablesPerSecond ?? goalRate ?? 0;
  const pitchMiss = Math.abs(measured - goal.median) / goal.median;
  const rateMiss = goalRate ? Math.abs(rate - goalRate) / goalRate : 0;
  if (pitchMiss < 0.03 && rateMiss < 0.08) return { spec: c.spec, preview: c.audio };
  // Shift the pitch (base moves the whole contour) and speed by what the third trial missed.
  const shift = (goal.median - measured) / Math.max(0.3, mid.alpha || 1);
  const final = spec(
    c.spec.baseHz + shift,
    c.spec.topHz - c.spec.baseHz,
    c.spec.formantPercent,
    rateMiss < 0.08 ? c.spec.wordsPerMinute : nextSpeed(goalRate, c, b),
  );
  const d = await trial(final, text);
  return { spec: final, preview: d.audio };
}
