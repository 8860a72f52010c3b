import type { Model, Voice } from '@sayso/contract/speech';

/** The four models the spec falls back to; the first is the default. */
export const FALLBACK_MODELS: Model[] = [
  { model_id: 'eleven_multilingual_v2', name: 'Multilingual v2' },
  { model_id: 'eleven_turbo_v2_5', name: 'Turbo v2.5' },
  { model_id: 'eleven_flash_v2_5', name: 'Flash v2.5' },
  { model_id: 'eleven_v3', name: 'v3 (alpha)' },
];

function voice(
  voice_id: string,
  name: string,
  gender: string,
  accent: string,
  descriptive: string,
  use_case: string,
): Voice {
  return {
    voice_id,
    name,
    accent,
    gender,
    age: 'middle_aged',
    descriptive,
    use_case,
    category: 'high_quality',
    language: 'en',
    locale: accent === 'british' ? 'en-GB' : 'en-US',
    description: `${descriptive} ${gender} voice with a ${accent} accent.`,
    // The spec's built-in list names ElevenLabs' voices.
    kind: 'cloud',
    preview_url: null,
    verified_languages: [],
  };
}

/**
 * The built-in list the spec shows when the voice call fails. Its ids are the cloud provider's
 * public preset ids, so they only work where that provider is configured; the screen says so.
 */
export const FALLBACK_VOICES: Voice[] = [
  voice('21m00Tcm4TlvDq8ikWAM', 'Rachel', 'female', 'american', 'calm', 'narration'),
  voice('29vD33N1CtxCmqQRPOHJ', 'Drew', 'male', 'american', 'well-rounded', 'news'),
  voice('2EiwWnXFnvU5JabPnv8n', 'Clyde', 'male', 'american', 'war veteran', 'characters'),
  voice('5Q0t7uMcjvnagumLfvZi', 'Paul', 'male', 'american', 'authoritative', 'news'),
  voice('AZnzlk1XvdvUeBnXmlld', 'Domi', 'female', 'american', 'strong', 'narration'),
  voice('CYw3kZ02Hs0563khs1Fj', 'Dave', 'male', 'british', 'conversational', 'characters'),
  voice('D38z5RcWu1voky8WS1ja', 'Fin', 'male', 'irish', 'sailor', 'characters'),
  voice('EXAVITQu4vr4xnSDxMaL', 'Sarah', 'female', 'american', 'soft', 'news'),
  voice('ErXwobaYiN019PkySvjV', 'Antoni', 'male', 'american', 'well-rounded', 'narration'),
  voice('GBv7mTt0atIp3Br8iCZE', 'Thomas', 'male', 'american', 'calm', 'meditation'),
  voice('IKne3meq5aSn9XLyUdCD', 'Charlie', 'male', 'australian', 'casual', 'conversational'),
  voice('JBFqnCBsd6RMkjVDRZzb', 'George', 'male', 'british', 'warm', 'narration'),
  voice('LcfcDJNUP1GQjkzn1xUU', 'Emily', 'female', 'american', 'calm', 'meditation'),
  voice('MF3mGyEYCl7XYWbV9V6O', 'Elli', 'female', 'american', 'emotional', 'narration'),
  voice('N2lVS1w4EtoT3dr4eOWO', 'Callum', 'male', 'american', 'hoarse', 'characters'),
  voice('ODq5zmih8GrVes37Dizd', 'Patrick', 'male', 'american', 'shouty', 'characters'),
  voice('SOYHLrjzK2X1ezoPC6cr', 'Harry', 'male', 'american', 'anxious', 'characters'),
  voice('TX3LPaxmHKxFdv7VOQHJ', 'Liam', 'male', 'american', 'articulate', 'narration'),
  voice('ThT5KcBeYPX3keUQqHPh', 'Dorothy', 'female', 'british', 'pleasant', 'children’s stories'),
  voice('TxGEqnHWrfWFTfGW9XjX', 'Josh', 'male', 'american', 'deep', 'narration'),
  voice('VR6AewLTigWG4xSOukaG', 'Arnold', 'male', 'american', 'crisp', 'narration'),
  voice('XB0fDUnXU5powFXDhCwa', 'Charlotte', 'female', 'swedish', 'seductive', 'characters'),
  voice('Xb7hH8MSUJpSbSDYk0k2', 'Alice', 'female', 'british', 'confident', 'news'),
  voice('XrExE9yKIg1WjnnlVkGX', 'Matilda', 'female', 'american', 'warm', 'audiobook'),
  voice('pNInz6obpgDQGcFmaJgB', 'Adam', 'male', 'american', 'deep', 'narration'),
];
