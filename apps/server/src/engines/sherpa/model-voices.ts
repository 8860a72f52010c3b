import type { ModelManifest } from '../../models/manifest.js';
import type { EngineVoice } from '../speech-engine.js';

/** A preset voice of an installed model: our voice id, and the speaker id the model takes. */
export interface ModelVoice extends EngineVoice {
  model: string;
  speakerId: number;
  /**
   * The eSpeak voice Kokoro phonemises this speaker's text with (its `extra.lang`): eSpeak's own
   * names, which are not always the ISO code kept in `language` for display and filters.
   */
  espeakLang?: string;
}

interface KokoroLanguage {
  language: string;
  locale: string;
  accent: string;
  /**
   * The eSpeak NG voice to phonemise with. sherpa-onnx hands it to espeak_SetVoiceByName, which
   * matches a voice's file name (lang/gmw/en, lang/roa/pt-BR, lang/sit/cmn), not a language tag:
   * `en-gb`, `fr-fr` and `zh` match no file and fail ("Failed to set eSpeak-ng voice"), so British
   * English is the file `en` (English_(Great_Britain)), French `fr` (French_(France)), Mandarin `cmn`.
   */
  espeakLang: string;
  /** What the listener should know about the voice's limits, said in its description. */
  limit?: string;
}

/**
 * Kokoro and Kitten name their speakers `<language letter><gender letter>_<name>` (af_heart: American
 * English, female). The letters below are Kokoro v1.0's; Kitten's voices are English.
 */
const AMERICAN: KokoroLanguage = { language: 'en', locale: 'en-US', accent: 'american', espeakLang: 'en-us' };
const KOKORO_LANGUAGES: Record<string, KokoroLanguage> = {
  a: AMERICAN,
  b: { language: 'en', locale: 'en-GB', accent: 'british', espeakLang: 'en' },
  e: { language: 'es', locale: 'es-ES', accent: 'spanish', espeakLang: 'es' },
  f: { language: 'fr', locale: 'fr-FR', accent: 'french', espeakLang: 'fr' },
  h: { language: 'hi', locale: 'hi-IN', accent: 'indian', espeakLang: 'hi' },
  i: { language: 'it', locale: 'it-IT', accent: 'italian', espeakLang: 'it' },
  // Kept, with their limit said: sherpa-onnx's Kokoro front end sends every run of CJK ideographs
  // (U+4E00-U+9FFF) to its Chinese lexicon whatever the voice (kokoro-multi-lang-lexicon.cc), so
  // only kana go through eSpeak's Japanese. Kana-only Japanese is still useful; hiding the voices
  // would take that away, and a description that says so keeps the listener from being surprised.
  j: {
    language: 'ja',
    locale: 'ja-JP',
    accent: 'japanese',
    espeakLang: 'ja',
    limit: 'Japanese in kana only; kanji are read as Chinese',
  },
  // Kokoro's Portuguese voices are Brazilian; eSpeak's `pt` is European Portuguese.
  p: { language: 'pt', locale: 'pt-BR', accent: 'brazilian', espeakLang: 'pt-br' },
  z: { language: 'zh', locale: 'zh-CN', accent: 'mandarin', espeakLang: 'cmn' },
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
      const { limit, ...place } = kitten ? AMERICAN : (KOKORO_LANGUAGES[prefix.charAt(0)] ?? AMERICAN);
      const gender = genderOf(prefix, speaker);
      return {
        ...base,
        ...place,
        id: `${manifest.name}.${speaker}`,
        name: capitalise(name),
        gender,
        description: `${capitalise(name)}: a ${gender} ${place.accent} voice of ${manifest.title}${limit ? ` (${limit})` : ''}.`,
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
