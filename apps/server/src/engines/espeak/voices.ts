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
const SPECS: VoiceSpec[] = [
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

/** Where a voice's short sample is served (rendered once, then kept in file storage). */
export const previewPath = (voiceId: string) => `/api/voices/${voiceId}/preview.mp3`;

/** Languages spoken with several accents list them all, as the spec's verified_languages. */
export function espeakCatalog(): EngineVoice[] {
  return SPECS.map((spec) => {
    const sameLanguage = SPECS.filter((other) => other.language === spec.language);
    const accents = [...new Map(sameLanguage.map((other) => [other.locale, other])).values()];
    return {
      voice_id: spec.id,
      name: spec.name,
      accent: spec.accent,
      gender: spec.gender,
      age: 'middle_aged',
      descriptive: spec.descriptive,
      use_case: 'narration',
      category: 'high_quality',
      language: spec.language,
      locale: spec.locale,
      description: `${spec.name}: a ${spec.descriptive} ${spec.gender} voice with a ${spec.accent} accent (eSpeak NG, offline).`,
      preview_url: previewPath(spec.id),
      verified_languages:
        accents.length > 1
          ? accents.map((other) => ({
              language: other.language,
              accent: other.accent,
              locale: other.locale,
              preview_url: null,
            }))
          : [],
    };
  });
}
