/** MiniMax's `language_boost` enumeration, as its documentation spells each value. */
const MINIMAX_LANGUAGE_BOOSTS = [
  'Chinese',
  'Chinese,Yue',
  'English',
  'Arabic',
  'Russian',
  'Spanish',
  'French',
  'Portuguese',
  'German',
  'Turkish',
  'Dutch',
  'Ukrainian',
  'Vietnamese',
  'Indonesian',
  'Japanese',
  'Italian',
  'Korean',
  'Thai',
  'Polish',
  'Romanian',
  'Greek',
  'Czech',
  'Finnish',
  'Hindi',
  'Bulgarian',
  'Danish',
  'Hebrew',
  'Malay',
  'Persian',
  'Slovak',
  'Swedish',
  'Croatian',
  'Filipino',
  'Hungarian',
  'Norwegian',
  'Slovenian',
  'Catalan',
  'Nynorsk',
  'Tamil',
  'Afrikaans',
  'auto',
] as const;

export type MinimaxLanguageBoost = (typeof MINIMAX_LANGUAGE_BOOSTS)[number];

const BY_LOWER_CASE = new Map<string, MinimaxLanguageBoost>(
  MINIMAX_LANGUAGE_BOOSTS.map((value) => [value.toLowerCase(), value]),
);
// The product's names that are not MiniMax's own words for the language.
BY_LOWER_CASE.set('cantonese', 'Chinese,Yue');
BY_LOWER_CASE.set('yue', 'Chinese,Yue');
BY_LOWER_CASE.set('mandarin', 'Chinese');

/**
 * The product's language names (the clone screen's 40 lowercase names, the speech request's
 * `language_boost` such as 'Auto' or 'English') in MiniMax's enumeration. MiniMax rejects any other
 * value with "invalid params", so a name it has no word for lets MiniMax detect the language.
 */
export function minimaxLanguageBoost(language: string | null | undefined): MinimaxLanguageBoost {
  return BY_LOWER_CASE.get((language ?? '').trim().toLowerCase()) ?? 'auto';
}
