import type { PhonemeAlphabet } from '@sayso/contract/pronunciation';

/**
 * Phoneme spellings and the conversions between them. A rule keeps its phonemes as the user wrote
 * them (IPA or CMU Arpabet); an engine that takes phonemes gets them in its own notation. Only
 * eSpeak NG takes phonemes today (decision 0050): inside `[[ ]]` it reads its own phoneme
 * mnemonics (a Kirshenbaum-like ASCII set), so IPA is turned into those, for English.
 */

/** CMU Arpabet's 39 phonemes as IPA; vowels take their stress from a digit (0, 1, 2) after them. */
const ARPABET_TO_IPA: Record<string, string> = {
  AA: 'ɑ',
  AE: 'æ',
  AH: 'ʌ',
  AO: 'ɔ',
  AW: 'aʊ',
  AY: 'aɪ',
  EH: 'ɛ',
  ER: 'ɝ',
  EY: 'eɪ',
  IH: 'ɪ',
  IY: 'i',
  OW: 'oʊ',
  OY: 'ɔɪ',
  UH: 'ʊ',
  UW: 'u',
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  P: 'p',
  R: 'ɹ',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
};

/** Unstressed AH and ER are the reduced vowels schwa and r-coloured schwa. */
const ARPABET_UNSTRESSED: Record<string, string> = { AH: 'ə', ER: 'ɚ' };
const ARPABET_STRESS: Record<string, string> = { '0': '', '1': 'ˈ', '2': 'ˌ' };

/**
 * IPA (English) as eSpeak NG's phoneme mnemonics, as `espeak-ng -x` prints them for en-us.
 * Longer symbols are matched first, so diphthongs and affricates are one phoneme each.
 */
const IPA_TO_ESPEAK: Record<string, string> = {
  // Diphthongs, affricates and long vowels.
  eɪ: 'eI',
  aɪ: 'aI',
  ɔɪ: 'OI',
  aʊ: 'aU',
  oʊ: 'oU',
  əʊ: 'oU',
  ɪə: 'i@',
  ɛə: 'e@',
  eə: 'e@',
  ʊə: 'U@',
  tʃ: 'tS',
  dʒ: 'dZ',
  ɜː: '3:',
  ɑː: 'A:',
  ɔː: 'O:',
  iː: 'i:',
  uː: 'u:',
  // Vowels.
  ə: '@',
  ɚ: '3',
  ɝ: '3:',
  ɜ: '3:',
  æ: 'a',
  a: 'a',
  ɐ: 'a#',
  ɑ: 'A:',
  ɒ: '0',
  ɔ: 'O:',
  ʌ: 'V',
  ɪ: 'I',
  ᵻ: 'I#',
  i: 'i:',
  ʊ: 'U',
  u: 'u:',
  ɛ: 'E',
  e: 'E',
  o: 'oU',
  // Consonants.
  p: 'p',
  b: 'b',
  t: 't',
  d: 'd',
  ɾ: 't#',
  k: 'k',
  g: 'g',
  ɡ: 'g',
  f: 'f',
  v: 'v',
  θ: 'T',
  ð: 'D',
  s: 's',
  z: 'z',
  ʃ: 'S',
  ʒ: 'Z',
  h: 'h',
  x: 'x',
  m: 'm',
  n: 'n',
  ŋ: 'N',
  l: 'l',
  ɫ: 'l',
  ɹ: 'r',
  r: 'r',
  j: 'j',
  w: 'w',
  ʔ: '?',
  // Stress and word breaks; eSpeak marks stress just before the vowel, as IPA from eSpeak does.
  ˈ: "'",
  "'": "'",
  ˌ: ',',
  ',': ',',
  ' ': ' ',
  // Length after a vowel the table has no long form of, and syllable breaks: eSpeak needs neither.
  ː: '',
  '.': '',
};

const IPA_SYMBOLS = Object.keys(IPA_TO_ESPEAK).sort((a, b) => b.length - a.length);

export class PhonemeSpellingError extends Error {
  constructor(
    message: string,
    readonly unknown: string[],
  ) {
    super(message);
    this.name = 'PhonemeSpellingError';
  }
}

/** Arpabet ("T AH0 M EY1 T OW2") as IPA ("təmˈeɪtˌoʊ"); a stress mark goes just before its vowel. */
export function arpabetToIpa(arpabet: string): string {
  const unknown: string[] = [];
  const ipa = arpabet
    .trim()
    .split(/\s+/)
    .map((token) => {
      const match = /^([A-Za-z]+)([012])?$/.exec(token);
      const base = match?.[1]?.toUpperCase() ?? '';
      const sound = ARPABET_TO_IPA[base];
      if (!match || !sound) {
        unknown.push(token);
        return '';
      }
      const stress = match[2];
      if (stress === undefined) return sound;
      const vowel = stress === '0' ? (ARPABET_UNSTRESSED[base] ?? sound) : sound;
      return `${ARPABET_STRESS[stress] ?? ''}${vowel}`;
    })
    .join('');
  if (unknown.length > 0) {
    throw new PhonemeSpellingError(`not CMU Arpabet: ${unknown.join(', ')}`, unknown);
  }
  return ipa;
}

/** IPA as eSpeak NG's mnemonics ("həlˈoʊ" -> "h@l'oU"); symbols outside the table are refused. */
export function ipaToEspeak(ipa: string): string {
  const text = ipa.normalize('NFC').trim().replace(/\s+/g, ' ');
  const unknown = new Set<string>();
  let out = '';
  let at = 0;
  while (at < text.length) {
    const symbol = IPA_SYMBOLS.find((candidate) => text.startsWith(candidate, at));
    if (symbol === undefined) {
      const character = String.fromCodePoint(text.codePointAt(at) ?? 0);
      unknown.add(character);
      at += character.length;
      continue;
    }
    out += IPA_TO_ESPEAK[symbol];
    at += symbol.length;
  }
  if (unknown.size > 0) {
    throw new PhonemeSpellingError(`IPA symbols eSpeak cannot be given: ${[...unknown].join(' ')}`, [...unknown]);
  }
  return out;
}

/** A rule's phonemes as IPA, whichever alphabet they were written in. */
export function toIpa(phoneme: string, alphabet: PhonemeAlphabet): string {
  return alphabet === 'cmu-arpabet' ? arpabetToIpa(phoneme) : phoneme.normalize('NFC').trim();
}

/**
 * Whether a rule's phonemes can be read: Arpabet tokens must all be known, and IPA must be made
 * of the table's symbols (what eSpeak can be given). Returns the problem, or null.
 */
export function phonemeProblem(phoneme: string, alphabet: PhonemeAlphabet): string | null {
  try {
    ipaToEspeak(toIpa(phoneme, alphabet));
    return null;
  } catch (error) {
    if (error instanceof PhonemeSpellingError) return error.message;
    throw error;
  }
}
