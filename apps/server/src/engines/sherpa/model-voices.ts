import type { ModelManifest } from '../../models/manifest.js';
import type { EngineVoice } from '../speech-engine.js';

/** A preset voice of an installed model: our voice id, and the speaker id the model takes. */
export interface ModelVoice extends EngineVoice {
  model: string;
  speakerId: number;
}

/**
 * Kokoro and Kitten name their speakers `<language letter><gender letter>_<name>` (af_heart: American
 * English, female). The letters below are Kokoro v1.0's; Kitten's voices are English.
 */
const AMERICAN = { language: 'en', locale: 'en-US', accent: 'american' };
const KOKORO_LANGUAGES: Record<string, { language: string; locale: string; accent: string }> = {
  a: AMERICAN,
  b: { language: 'en', locale: 'en-GB', accent: 'british' },
  e: { language: 'es', locale: 'es-ES', accent: 'spanish' },
  f: { language: 'fr', locale: 'fr-FR', accent: 'french' },
  h: { language: 'hi', locale: 'hi-IN', accent: 'indian' },
  i: { language: 'it', locale: 'it-IT', accent: 'italian' },
  j: { language: 'ja', locale: 'ja-JP', accent: 'japanese' },
  p: { language: 'pt', locale: 'pt-BR', accent: 'brazilian' },
  z: { language: 'zh', locale: 'zh-CN', accent: 'mandarin' },
};

/** eSpeak voice names that are not `<ISO 639-1>[-<region>]`. */
const ESPEAK_LANGUAGES: Record<string, string> = { cmn: 'zh', yue: 'zh', 'en-gb-x-rp': 'en' };

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The preset voices of one installed model, from the metadata sherpa-onnx itself reads
 * (speaker_names, n_speakers, voice, language) and the model's published name.
 */
export function voicesOfModel(
  manifest: ModelManifest,
  metadata: Record<string, string>,
  speakers: number,
): ModelVoice[] {
  // The model's own names first; the catalogue's where the model carries none (Kitten).
  const fromModel = (metadata.speaker_names ?? '').split(',').filter(Boolean);
  const names = fromModel.length > 0 ? fromModel : (manifest.voices?.names ?? []);
  const base = {
    model: manifest.name,
    age: 'middle_aged',
    descriptive: 'natural',
    useCase: 'narration',
    category: 'high_quality' as const,
    previewUrl: null,
    verifiedLanguages: [],
    // The voice library shows this beside the voice, so nobody sells speech the licence forbids selling.
    licenseNote:
      manifest.commercialUse === false
        ? (manifest.licenseNote ?? `${manifest.title}: licensed (${manifest.license}) for non-commercial use only.`)
        : null,
  };
  if ((manifest.family === 'kokoro' || manifest.family === 'kitten') && names.length > 0) {
    return names.map((speaker, speakerId) => {
      const kitten = manifest.family === 'kitten';
      const [prefix = '', kokoroName = speaker] = speaker.split('_');
      const name = kitten
        ? speaker
            .replace(/^expr-/, '')
            .replace(/-[mf]$/, '')
            .replace('-', ' ')
        : kokoroName;
      const place = kitten ? AMERICAN : (KOKORO_LANGUAGES[prefix.charAt(0)] ?? AMERICAN);
      const gender = genderOf(prefix, speaker);
      return {
        ...base,
        ...place,
        id: `${manifest.name}.${speaker}`,
        name: capitalise(name),
        gender,
        description: `${capitalise(name)}: a ${gender} ${place.accent} voice of ${manifest.title}.`,
        speakerId,
      };
    });
  }
  const { language, locale } = languageOf(manifest, metadata);
  const voiceName = capitalise(/^vits-piper-[a-z]+_[A-Z]+-([^-]+)/.exec(manifest.name)?.[1] ?? manifest.title);
  const count = Math.max(1, speakers);
  return Array.from({ length: count }, (_, speakerId) => {
    const name = count === 1 ? voiceName : `${voiceName} ${speakerId + 1}`;
    return {
      ...base,
      id: `${manifest.name}.${speakerId}`,
      name,
      language,
      locale,
      accent: locale,
      gender: 'neutral',
      description: `${name}: a voice of ${manifest.title}.`,
      speakerId,
    };
  });
}

function languageOf(manifest: ModelManifest, metadata: Record<string, string>): { language: string; locale: string } {
  // Piper archives are named after the voice's locale: vits-piper-de_DE-thorsten-medium.
  const named = /^vits-piper-([a-z]{2,3})_([A-Z]{2})-/.exec(manifest.name);
  if (named?.[1] && named[2])
    return { language: ESPEAK_LANGUAGES[named[1]] ?? named[1], locale: `${named[1]}-${named[2]}` };
  const espeak = (metadata.voice ?? '').toLowerCase();
  const code = ESPEAK_LANGUAGES[espeak] ?? espeak.split('-')[0] ?? '';
  const language = /^[a-z]{2}$/.test(code) ? code : (manifest.languages[0] ?? 'en');
  const region = espeak.split('-')[1];
  return { language, locale: region ? `${language}-${region.toUpperCase()}` : language };
}

/** Kokoro puts the gender second in the prefix (af_heart); Kitten at the end (expr-voice-2-f). */
function genderOf(prefix: string, speaker: string): string {
  const letter = /-[mf]$/.test(speaker) ? speaker.slice(-1) : prefix.charAt(1);
  return letter === 'f' ? 'female' : letter === 'm' ? 'male' : 'neutral';
}
