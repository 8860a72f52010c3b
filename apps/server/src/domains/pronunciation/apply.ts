import type { PronunciationRule } from '@sayso/contract/pronunciation';
import { ipaToEspeak, PhonemeSpellingError, toIpa } from './phonemes.js';

/** The text an engine is given once a request's dictionaries are applied, and what could not be honoured. */
export interface SpokenText {
  text: string;
  warnings: string[];
}

/**
 * How an engine takes phonemes inside its text, when it does. Only eSpeak NG does (decision 0050):
 * its command line reads `[[...]]` as its own phoneme mnemonics. sherpa-onnx's eSpeak-based
 * families (Piper, VITS, Matcha, Kokoro) phonemise with `espeak_TextToPhonemes`, which never turns
 * phoneme input on, so `[[...]]` reaches them as letters; they get the rule's alias instead.
 */
type PhonemeInput = (ipa: string) => string;

const PHONEME_INPUT: Record<string, PhonemeInput> = {
  // Each word in brackets of its own: a glottal stop ("?") before a space must not read as the end
  // of a sentence to the chunker, which would cut the brackets apart.
  espeak: (ipa) =>
    ipaToEspeak(ipa)
      .split(' ')
      .filter(Boolean)
      .map((word) => `[[${word}]]`)
      .join(' '),
};

/** Whether an engine speaks phoneme rules as phonemes. */
export const takesPhonemes = (engineId: string): boolean => engineId in PHONEME_INPUT;

/** Letters, digits and the underscore: what a whole-word match may not touch on either side. */
const WORD_BEFORE = '(?<![\\p{L}\\p{N}_])';
const WORD_AFTER = '(?![\\p{L}\\p{N}_])';

/** Escapes the pattern syntax characters; in Unicode mode anything else must stay unescaped. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function matcherOf(rule: PronunciationRule): RegExp {
  const body = escapeRegExp(rule.string_to_replace);
  const pattern = rule.word_boundaries ? `${WORD_BEFORE}${body}${WORD_AFTER}` : body;
  return new RegExp(pattern, rule.case_sensitive ? 'gu' : 'giu');
}

interface Candidate {
  rule: PronunciationRule;
  matcher: RegExp;
  /** The rule's next match at or after the cursor, found lazily; null once there is none. */
  next: { index: number; length: number } | null | undefined;
}

/**
 * Applies rules to a text in one pass, left to right: where several rules match, the earliest
 * match wins, then the longest, then the rule listed first (dictionaries in the order the request
 * names them). Replaced text is never matched again, so an alias cannot set off another rule.
 * Alias rules replace their text; phoneme rules become phonemes for an engine that takes them,
 * and elsewhere their alias (or the word as written) with a warning.
 */
export function applyRules(text: string, rules: PronunciationRule[], engineId: string): SpokenText {
  if (rules.length === 0) return { text, warnings: [] };
  const phonemeInput = PHONEME_INPUT[engineId];
  const candidates: Candidate[] = rules.map((rule) => ({ rule, matcher: matcherOf(rule), next: undefined }));
  const warnings = new Set<string>();
  let out = '';
  let cursor = 0;
  for (;;) {
    let best: { candidate: Candidate; index: number; length: number } | null = null;
    for (const candidate of candidates) {
      const match = findFrom(candidate, text, cursor);
      if (!match) continue;
      if (!best || match.index < best.index || (match.index === best.index && match.length > best.length)) {
        best = { candidate, ...match };
      }
    }
    if (!best) break;
    const matched = text.slice(best.index, best.index + best.length);
    out +=
      text.slice(cursor, best.index) + replacementFor(best.candidate.rule, matched, engineId, phonemeInput, warnings);
    cursor = best.index + best.length;
  }
  return { text: out + text.slice(cursor), warnings: [...warnings] };
}

/** A rule's first match at or after `from`, remembered until the cursor passes it. */
function findFrom(candidate: Candidate, text: string, from: number): { index: number; length: number } | null {
  if (candidate.next === null) return null;
  if (candidate.next !== undefined && candidate.next.index >= from) return candidate.next;
  candidate.matcher.lastIndex = from;
  const found = candidate.matcher.exec(text);
  // An empty match cannot happen (string_to_replace is never empty), so the cursor always moves on.
  candidate.next = found ? { index: found.index, length: found[0].length } : null;
  return candidate.next;
}

function replacementFor(
  rule: PronunciationRule,
  matched: string,
  engineId: string,
  phonemeInput: PhonemeInput | undefined,
  warnings: Set<string>,
): string {
  if (rule.type === 'alias') return rule.alias;
  if (phonemeInput) {
    try {
      return phonemeInput(toIpa(rule.phoneme, rule.alphabet));
    } catch (error) {
      if (!(error instanceof PhonemeSpellingError)) throw error;
      warnings.add(
        `"${rule.string_to_replace}": its phonemes could not be read (${error.message}); ${fallbackWords(rule)}`,
      );
      return rule.alias ?? matched;
    }
  }
  warnings.add(`"${rule.string_to_replace}": the ${engineId} engine does not take phonemes; ${fallbackWords(rule)}`);
  return rule.alias ?? matched;
}

const fallbackWords = (rule: Extract<PronunciationRule, { type: 'phoneme' }>) =>
  rule.alias ? `its alias "${rule.alias}" was spoken instead` : 'it was spoken as written';
