import type { EngineVoice } from '../speech-engine.js';

interface VoiceSpec {
  id: string;
  name: string;
  espeak: string;
  language: string;
  locale: string;
  accent: string;
  gender: 'female' | 'male';
  descriptive: string;
}

/** The preset voices of the embedded engine: eSpeak NG languages and accents with voice variants. */
const ORIGINAL_SPECS: VoiceSpec[] = [
  {
    id: 'espeak-en-us-f2',
    name: 'Ava',
    espeak: 'en-us+f2',
    language: 'en',
    locale: 'en-US',
    accent: 'american',
    gender: 'female',
    descriptive: 'warm',
  },
  {
    id: 'espeak-en-us-m3',
    name: 'Marcus',
    espeak: 'en-us+m3',
    language: 'en',
    locale: 'en-US',
    accent: 'american',
    gender: 'male',
    descriptive: 'clear',
  },
  {
    id: 'espeak-en-us-m1',
    name: 'Walter',
    espeak: 'en-us+m1',
    language: 'en',
    locale: 'en-US',
    accent: 'american',
    gender: 'male',
    descriptive: 'deep',
  },
  {
    id: 'espeak-en-gb-f1',
    name: 'Eleanor',
    espeak: 'en-gb+f1',
    language: 'en',
    locale: 'en-GB',
    accent: 'british',
    gender: 'female',
    descriptive: 'crisp',
  },
  {
    id: 'espeak-en-gb-m3',
    name: 'Oliver',
    espeak: 'en-gb+m3',
    language: 'en',
    locale: 'en-GB',
    accent: 'british',
    gender: 'male',
    descriptive: 'calm',
  },
  {
    id: 'espeak-en-sc-m2',
    name: 'Callum',
    espeak: 'en-gb-scotland+m2',
    language: 'en',
    locale: 'en-GB-scotland',
    accent: 'scottish',
    gender: 'male',
    descriptive: 'friendly',
  },
  {
    id: 'espeak-fr-f1',
    name: 'Camille',
    espeak: 'fr+f1',
    language: 'fr',
    locale: 'fr-FR',
    accent: 'french',
    gender: 'female',
    descriptive: 'soft',
  },
  {
    id: 'espeak-de-m1',
    name: 'Lukas',
    espeak: 'de+m1',
    language: 'de',
    locale: 'de-DE',
    accent: 'german',
    gender: 'male',
    descriptive: 'steady',
  },
  {
    id: 'espeak-es-f2',
    name: 'Lucía',
    espeak: 'es+f2',
    language: 'es',
    locale: 'es-ES',
    accent: 'castilian',
    gender: 'female',
    descriptive: 'bright',
  },
  {
    id: 'espeak-es-419-m3',
    name: 'Mateo',
    espeak: 'es-419+m3',
    language: 'es',
    locale: 'es-419',
    accent: 'latin american',
    gender: 'male',
    descriptive: 'warm',
  },
  {
    id: 'espeak-pt-br-f1',
    name: 'Beatriz',
    espeak: 'pt-br+f1',
    language: 'pt',
    locale: 'pt-BR',
    accent: 'brazilian',
    gender: 'female',
    descriptive: 'lively',
  },
  {
    id: 'espeak-hi-m1',
    name: 'Arjun',
    espeak: 'hi+m1',
    language: 'hi',
    locale: 'hi-IN',
    accent: 'indian',
    gender: 'male',
    descriptive: 'measured',
  },
];

/**
 * More languages and accents, one line each: eSpeak voice, ISO language, locale, accent, and the
 * female and male voice (name, eSpeak variant, character); null where the voices above cover it.
 */
type Added = [string, string, string, string, [string, string, string] | null, [string, string, string] | null];
const ADDED: Added[] = [
  ['fr-fr', 'fr', 'fr-FR', 'french', null, ['Julien', 'm3', 'smooth']],
  ['fr-be', 'fr', 'fr-BE', 'belgian', ['Margaux', 'f3', 'gentle'], ['Thomas', 'm2', 'easygoing']],
  ['de', 'de', 'de-DE', 'german', ['Hanna', 'f2', 'clear'], null],
  ['es', 'es', 'es-ES', 'castilian', null, ['Javier', 'm2', 'confident']],
  ['es-419', 'es', 'es-419', 'latin american', ['Valentina', 'f1', 'cheerful'], null],
  ['pt-br', 'pt', 'pt-BR', 'brazilian', null, ['Rafael', 'm3', 'relaxed']],
  ['pt', 'pt', 'pt-PT', 'european', ['Inês', 'f2', 'elegant'], ['Tiago', 'm1', 'grounded']],
  ['hi', 'hi', 'hi-IN', 'indian', ['Priya', 'f2', 'kind'], null],
  ['vi', 'vi', 'vi-VN', 'northern', ['Linh', 'f2', 'gentle'], ['Minh', 'm3', 'steady']],
  ['ar', 'ar', 'ar-SA', 'standard', ['Layla', 'f1', 'warm'], ['Omar', 'm1', 'measured']],
  ['yue', 'yue', 'zh-HK', 'cantonese', ['Mei', 'f2', 'bright'], ['Wing', 'm3', 'clear']],
  ['cmn', 'zh', 'zh-CN', 'mandarin', ['Xiu', 'f2', 'soft'], ['Wei', 'm3', 'calm']],
  ['nl', 'nl', 'nl-NL', 'dutch', ['Sanne', 'f1', 'friendly'], ['Daan', 'm2', 'direct']],
  ['id', 'id', 'id-ID', 'indonesian', ['Putri', 'f2', 'cheerful'], ['Budi', 'm3', 'easygoing']],
  ['it', 'it', 'it-IT', 'italian', ['Giulia', 'f1', 'expressive'], ['Marco', 'm3', 'warm']],
  ['ja', 'ja', 'ja-JP', 'standard', ['Yui', 'f2', 'polite'], ['Haruto', 'm3', 'calm']],
  ['ko', 'ko', 'ko-KR', 'seoul', ['Jiwoo', 'f2', 'bright'], ['Minjun', 'm3', 'steady']],
  ['ru', 'ru', 'ru-RU', 'moscow', ['Anastasia', 'f1', 'composed'], ['Dmitri', 'm1', 'deep']],
  ['tr', 'tr', 'tr-TR', 'istanbul', ['Elif', 'f2', 'lively'], ['Emre', 'm3', 'friendly']],
  ['uk', 'uk', 'uk-UA', 'ukrainian', ['Oksana', 'f1', 'warm'], ['Taras', 'm2', 'firm']],
  ['th', 'th', 'th-TH', 'central', ['Nok', 'f2', 'gentle'], ['Somchai', 'm3', 'calm']],
  ['pl', 'pl', 'pl-PL', 'polish', ['Zofia', 'f1', 'clear'], ['Jakub', 'm3', 'steady']],
  ['ro', 'ro', 'ro-RO', 'romanian', ['Ioana', 'f2', 'warm'], ['Andrei', 'm2', 'relaxed']],
  ['el', 'el', 'el-GR', 'greek', ['Eleni', 'f1', 'expressive'], ['Nikos', 'm3', 'warm']],
  ['cs', 'cs', 'cs-CZ', 'czech', ['Tereza', 'f2', 'crisp'], ['Jan', 'm1', 'grounded']],
  ['fi', 'fi', 'fi-FI', 'finnish', ['Aino', 'f1', 'calm'], ['Eero', 'm3', 'steady']],
  ['bg', 'bg', 'bg-BG', 'bulgarian', ['Maria', 'f2', 'soft'], ['Georgi', 'm2', 'clear']],
  ['da', 'da', 'da-DK', 'danish', ['Freja', 'f1', 'friendly'], ['Mads', 'm3', 'relaxed']],
  ['he', 'he', 'he-IL', 'israeli', ['Noa', 'f2', 'bright'], ['Yosef', 'm1', 'measured']],
  ['ms', 'ms', 'ms-MY', 'malaysian', ['Aisyah', 'f1', 'gentle'], ['Hafiz', 'm3', 'calm']],
  ['fa', 'fa', 'fa-IR', 'iranian', ['Shirin', 'f2', 'warm'], ['Dariush', 'm1', 'deep']],
  ['sk', 'sk', 'sk-SK', 'slovak', ['Zuzana', 'f1', 'clear'], ['Martin', 'm2', 'steady']],
  ['sv', 'sv', 'sv-SE', 'swedish', ['Astrid', 'f2', 'bright'], ['Erik', 'm3', 'calm']],
  ['hr', 'hr', 'hr-HR', 'croatian', ['Ana', 'f1', 'friendly'], ['Ivan', 'm1', 'firm']],
  ['hu', 'hu', 'hu-HU', 'hungarian', ['Réka', 'f2', 'lively'], ['Bence', 'm3', 'steady']],
  ['nb', 'nb', 'nb-NO', 'norwegian', ['Ingrid', 'f1', 'clear'], ['Lars', 'm2', 'relaxed']],
  ['sl', 'sl', 'sl-SI', 'slovenian', ['Nika', 'f2', 'soft'], ['Luka', 'm3', 'steady']],
  ['ca', 'ca', 'ca-ES', 'catalan', ['Montse', 'f1', 'warm'], ['Jordi', 'm2', 'bright']],
  ['ta', 'ta', 'ta-IN', 'tamil', ['Kavya', 'f2', 'gentle'], ['Karthik', 'm3', 'measured']],
  ['af', 'af', 'af-ZA', 'south african', ['Annelie', 'f1', 'friendly'], ['Pieter', 'm1', 'grounded']],
];

/** The first catalogue's twelve ids stay as they were (users keep them as preferred voices); later ones follow `espeak-<voice>-<variant>`. */
const SPECS: VoiceSpec[] = [
  ...ORIGINAL_SPECS,
  ...ADDED.flatMap(([espeak, language, locale, accent, female, male]) =>
    (
      [
        [female, 'female'],
        [male, 'male'],
      ] as const
    ).flatMap(([voice, gender]) => {
      if (!voice) return [];
      const [name, variant, descriptive] = voice;
      return [
        {
          id: `espeak-${espeak}-${variant}`,
          name,
          espeak: `${espeak}+${variant}`,
          language,
          locale,
          accent,
          gender,
          descriptive,
        },
      ];
    }),
  ),
];

/** Languages the preset voices speak (ISO 639-1). */
export const ESPEAK_LANGUAGES = [...new Set(SPECS.map((spec) => spec.language))];

/** The landing demo's five voice ids, as the web app names them, and the engine voices behind them. */
export const DEMO_VOICE_ALIASES: Record<string, string> = {
  'en-us-female': 'espeak-en-us-f2',
  'en-us-male': 'espeak-en-us-m3',
  'en-gb-female': 'espeak-en-gb-f1',
  'en-gb-male': 'espeak-en-gb-m3',
  'en-us-narrator': 'espeak-en-us-m1',
};

export function espeakVoiceName(voiceId: string): string | null {
  const id = DEMO_VOICE_ALIASES[voiceId] ?? voiceId;
  return SPECS.find((spec) => spec.id === id)?.espeak ?? null;
}

/** Languages spoken with several accents list them all, as the spec's verified_languages. */
export function espeakCatalog(): EngineVoice[] {
  return SPECS.map((spec) => {
    const sameLanguage = SPECS.filter((other) => other.language === spec.language);
    const accents = [...new Map(sameLanguage.map((other) => [other.locale, other])).values()];
    return {
      id: spec.id,
      name: spec.name,
      accent: spec.accent,
      gender: spec.gender,
      age: 'middle_aged',
      descriptive: spec.descriptive,
      useCase: 'narration',
      category: 'high_quality',
      language: spec.language,
      locale: spec.locale,
      description: `${spec.name}: a ${spec.descriptive} ${spec.gender} voice with a ${spec.accent} accent (eSpeak NG, offline).`,
      previewUrl: null,
      verifiedLanguages:
        accents.length > 1
          ? accents.map((other) => ({
              language: other.language,
              accent: other.accent,
              locale: other.locale,
              previewUrl: null,
            }))
          : [],
    };
  });
}
