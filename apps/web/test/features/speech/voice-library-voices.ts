import type { Voice, VoiceKind } from '@sayso/contract/speech';

/** A preset voice as the server lists it, with only what a test cares about said. */
export function libraryVoice(fields: Partial<Voice> & { voice_id: string; name: string }): Voice {
  return {
    accent: 'american',
    gender: 'female',
    age: 'middle_aged',
    descriptive: 'calm',
    use_case: 'narration',
    category: 'high_quality',
    language: 'en',
    locale: 'en-US',
    description: `${fields.name}: a voice.`,
    kind: 'espeak',
    license_note: null,
    preview_url: `/api/voices/${fields.voice_id}/preview.mp3`,
    verified_languages: [],
    ...fields,
  };
}

const LANGUAGES = [
  { language: 'en', locale: 'en-US', accent: 'american' },
  { language: 'en', locale: 'en-GB', accent: 'british' },
  { language: 'fr', locale: 'fr-FR', accent: 'french' },
  { language: 'de', locale: 'de-DE', accent: 'de-DE' },
  { language: 'es', locale: 'es-ES', accent: 'spanish' },
] as const;
const KINDS: VoiceKind[] = ['neural', 'espeak', 'cloud', 'neural'];

/**
 * A library as large as LibriTTS-R's: `count` voices spread over five languages, both genders and
 * three kinds, named "Speaker 1" onwards. Every fifth voice is French, so the counts are known.
 */
export function manyVoices(count: number): Voice[] {
  return Array.from({ length: count }, (_, index) => {
    const place = LANGUAGES[index % LANGUAGES.length] ?? LANGUAGES[0];
    return libraryVoice({
      voice_id: `libritts-${index + 1}`,
      name: `Speaker ${index + 1}`,
      ...place,
      gender: index % 2 === 0 ? 'female' : 'male',
      kind: KINDS[index % KINDS.length] ?? 'neural',
    });
  });
}
