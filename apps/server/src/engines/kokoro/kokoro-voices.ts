import type { KokoroTTS } from 'kokoro-js';
import type { EngineVoice } from '../speech-engine.js';

/** The voice ids kokoro-js accepts. */
export type KokoroVoiceId = NonNullable<NonNullable<Parameters<KokoroTTS['generate']>[1]>['voice']>;

interface KokoroVoice {
  name: string;
  /** kokoro-js's own id, e.g. af_heart (a = American, f = female). */
  kokoroId: KokoroVoiceId;
}

/**
 * The English voices of Kokoro-82M (the only ones kokoro-js's voice check accepts), with their
 * published names. Voice data ships inside the kokoro-js package.
 */
const KOKORO_VOICES: KokoroVoice[] = [
  { kokoroId: 'af_heart', name: 'Heart' },
  { kokoroId: 'af_bella', name: 'Bella' },
  { kokoroId: 'af_nicole', name: 'Nicole' },
  { kokoroId: 'af_sarah', name: 'Sarah' },
  { kokoroId: 'af_aoede', name: 'Aoede' },
  { kokoroId: 'af_kore', name: 'Kore' },
  { kokoroId: 'af_nova', name: 'Nova' },
  { kokoroId: 'af_sky', name: 'Sky' },
  { kokoroId: 'af_alloy', name: 'Alloy' },
  { kokoroId: 'am_michael', name: 'Michael' },
  { kokoroId: 'am_fenrir', name: 'Fenrir' },
  { kokoroId: 'am_puck', name: 'Puck' },
  { kokoroId: 'am_echo', name: 'Echo' },
  { kokoroId: 'am_eric', name: 'Eric' },
  { kokoroId: 'am_liam', name: 'Liam' },
  { kokoroId: 'am_onyx', name: 'Onyx' },
  { kokoroId: 'bf_emma', name: 'Emma' },
  { kokoroId: 'bf_isabella', name: 'Isabella' },
  { kokoroId: 'bf_alice', name: 'Alice' },
  { kokoroId: 'bf_lily', name: 'Lily' },
  { kokoroId: 'bm_george', name: 'George' },
  { kokoroId: 'bm_fable', name: 'Fable' },
  { kokoroId: 'bm_lewis', name: 'Lewis' },
  { kokoroId: 'bm_daniel', name: 'Daniel' },
];

const productId = (kokoroId: string) => `kokoro-${kokoroId.replace('_', '-')}`;

/** kokoro-js's id of one of our voice ids, or null when it is not a Kokoro voice. */
export function kokoroVoiceOf(voiceId: string): KokoroVoiceId | null {
  return KOKORO_VOICES.find((voice) => productId(voice.kokoroId) === voiceId)?.kokoroId ?? null;
}

/** American and British voices list each other's accent as verified languages, as the spec's voices do. */
export function kokoroCatalog(): EngineVoice[] {
  const accents = [
    { language: 'en', accent: 'american', locale: 'en-US', previewUrl: null },
    { language: 'en', accent: 'british', locale: 'en-GB', previewUrl: null },
  ];
  return KOKORO_VOICES.map((voice) => {
    const british = voice.kokoroId.startsWith('b');
    const gender = voice.kokoroId[1] === 'f' ? 'female' : 'male';
    const accent = british ? 'british' : 'american';
    return {
      id: productId(voice.kokoroId),
      name: voice.name,
      accent,
      gender,
      age: 'young',
      descriptive: 'natural',
      useCase: 'narration',
      category: 'high_quality',
      language: 'en',
      locale: british ? 'en-GB' : 'en-US',
      description: `${voice.name}: a natural ${gender} voice with a ${accent} accent (Kokoro-82M, offline).`,
      previewUrl: null,
      verifiedLanguages: accents,
    };
  });
}
