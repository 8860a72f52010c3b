import { type CloneLanguage, cloneLanguageNamed } from '@sayso/contract/languages';

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

/** Each clone-screen language in MiniMax's words (the compiler holds this to the contract's list). */
const BOOST_OF: Record<CloneLanguage, MinimaxLanguageBoost> = {
  english: 'English',
  vietnamese: 'Vietnamese',
  arabic: 'Arabic',
  cantonese: 'Chinese,Yue',
  chinese: 'Chinese',
  dutch: 'Dutch',
  french: 'French',
  german: 'German',
  indonesian: 'Indonesian',
  italian: 'Italian',
  japanese: 'Japanese',
  korean: 'Korean',
  portuguese: 'Portuguese',
  russian: 'Russian',
  spanish: 'Spanish',
  turkish: 'Turkish',
  ukrainian: 'Ukrainian',
  thai: 'Thai',
  polish: 'Polish',
  romanian: 'Romanian',
  greek: 'Greek',
  czech: 'Czech',
  finnish: 'Finnish',
  hindi: 'Hindi',
  bulgarian: 'Bulgarian',
  danish: 'Danish',
  hebrew: 'Hebrew',
  malay: 'Malay',
  persian: 'Persian',
  slovak: 'Slovak',
  swedish: 'Swedish',
  croatian: 'Croatian',
  filipino: 'Filipino',
  hungarian: 'Hungarian',
  norwegian: 'Norwegian',
  slovenian: 'Slovenian',
  catalan: 'Catalan',
  nynorsk: 'Nynorsk',
  tamil: 'Tamil',
  afrikaans: 'Afrikaans',
};

const BY_LOWER_CASE = new Map<string, MinimaxLanguageBoost>(
  MINIMAX_LANGUAGE_BOOSTS.map((value) => [value.toLowerCase(), value]),
);

/**
 * A language hint in MiniMax's enumeration: a clone-screen language by any of its names (tag,
 * label such as 'Mandarin', ISO code such as 'yue'), or one of MiniMax's own values (the speech
 * request's `language_boost`, such as 'Auto' or 'English'). MiniMax rejects any other value with
 * "invalid params", so a name it has no word for lets MiniMax detect the language.
 */
export function minimaxLanguageBoost(language: string | null | undefined): MinimaxLanguageBoost {
  const name = (language ?? '').trim();
  const tag = cloneLanguageNamed(name);
  if (tag) return BOOST_OF[tag];
  return BY_LOWER_CASE.get(name.toLowerCase()) ?? 'auto';
}
