import { randomBytes } from 'node:crypto';
import ESpeakNg from 'espeak-ng';
import { parseWav } from '../../audio/audio.js';
import { downsample, measurePitch } from '../../audio/pitch.js';
import { decodeSample, sniffType } from '../../audio/probe.js';
import { EngineError } from '../speech-engine.js';

/** eSpeak NG voices for the clone screen's 40 languages (spec section 2); Filipino has none. */
const CLONE_LANGUAGES: Record<string, string> = {
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

/** The eSpeak voice of a clone-screen language tag ('English', 'chinese', ...). */
export function cloneLanguage(tag: string): string {
  return CLONE_LANGUAGES[tag.trim().toLowerCase()] ?? 'en-us';
}

/** An approximate clone: an eSpeak language, voice variant and base pitch (0-99). */
export interface CloneVoiceSpec {
  language: string;
  variant: string;
  basePitch: number;
}

const CLONE_ID = /^ec-([a-z]{2,3}(?:-[a-z0-9]+)*)-([mf]\d)-p(\d{1,2})-[a-z0-9]{6}$/;

/** The clone's settings live in its id, so any process can speak with it without a lookup. */
export function cloneVoiceId(spec: CloneVoiceSpec): string {
  return `ec-${spec.language}-${spec.variant}-p${spec.basePitch}-${randomBytes(4).toString('hex').slice(0, 6)}`;
}

export function parseCloneVoiceId(voiceId: string): CloneVoiceSpec | null {
  const match = CLONE_ID.exec(voiceId);
  if (!match) return null;
  const [, language = 'en-us', variant = 'm3', pitch = '50'] = match;
  return { language, variant, basePitch: Number(pitch) };
}

const VARIANTS = ['m3', 'f2'];
const CALIBRATION_PITCHES = [0, 50, 99];

async function spokenPitch(language: string, variant: string, basePitch: number, text: string): Promise<number> {
  const run = await ESpeakNg({
    arguments: ['-v', `${language}+${variant}`, '-p', String(basePitch), '-w', '/out.wav', text],
    print: () => {},
    printErr: () => {},
  });
  const { samples, sampleRate } = parseWav(run.FS.readFile('/out.wav'));
  const floats = Float32Array.from(samples, (sample) => sample / 32_768);
  return measurePitch(floats, sampleRate).medianHz ?? 0;
}

/** Reads where a curve of measured points reaches `target`, between the two points around it. */
function interpolate(points: [number, number][], target: number): number {
  for (let i = 1; i < points.length; i += 1) {
    const [x0, y0] = points[i - 1] ?? [0, 0];
    const [x1, y1] = points[i] ?? [0, 0];
    if ((target - y0) * (target - y1) <= 0 && y1 !== y0) return x0 + ((target - y0) * (x1 - x0)) / (y1 - y0);
  }
  const first = points[0] ?? [0, 0];
  const last = points.at(-1) ?? [99, 0];
  return Math.abs(target - first[1]) < Math.abs(target - last[1]) ? first[0] : last[0];
}

/** The measured median pitch of a sample, from its first 30 seconds. */
export async function samplePitch(sample: Buffer): Promise<number> {
  const type = sniffType(sample);
  if (type !== 'mp3' && type !== 'wav') {
    throw new EngineError('Unable to read audio file. Please make sure it’s a valid audio file.', 'invalid_input');
  }
  const decoded = await decodeSample(sample, type);
  const small = downsample(decoded.samples, decoded.sampleRate);
  const { medianHz } = measurePitch(small.samples, small.sampleRate, 30);
  if (!medianHz) {
    throw new EngineError('No voice could be heard in the sample. Please upload a clear recording.', 'invalid_input');
  }
  return medianHz;
}

/**
 * Fits an eSpeak voice to a measured pitch: speaks the text with each voice variant at a few base
 * pitches, measures the results with the same tracker, and picks the variant and base pitch whose
 * output lands on the target (the variant that reaches it nearest the middle of its range).
 */
export async function fitCloneVoice(targetHz: number, language: string, text: string): Promise<CloneVoiceSpec> {
  let best: { spec: CloneVoiceSpec; miss: number; distanceFromMiddle: number } | null = null;
  for (const variant of VARIANTS) {
    const points: [number, number][] = [];
    for (const pitch of CALIBRATION_PITCHES) points.push([pitch, await spokenPitch(language, variant, pitch, text)]);
    const basePitch = Math.round(Math.min(99, Math.max(0, interpolate(points, targetHz))));
    const heights = points.map(([, hz]) => hz);
    // How far the target lies outside what this variant can reach at all (0 when inside).
    const miss = Math.max(0, Math.min(...heights) - targetHz, targetHz - Math.max(...heights));
    const candidate = { spec: { language, variant, basePitch }, miss, distanceFromMiddle: Math.abs(basePitch - 50) };
    const better =
      !best ||
      candidate.miss < best.miss ||
      (candidate.miss === best.miss && candidate.distanceFromMiddle < best.distanceFromMiddle);
    if (better) best = candidate;
  }
  if (!best) throw new EngineError('Failed to create voice. Please try again.', 'failed');
  return best.spec;
}
