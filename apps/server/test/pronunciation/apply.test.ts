import type { PronunciationRule, PronunciationRuleInput } from '@sayso/contract/pronunciation';
import { pronunciationRule } from '@sayso/contract/pronunciation';
import { describe, expect, it } from 'vitest';
import { applyRules, takesPhonemes } from '../../src/domains/pronunciation/apply.js';

const rule = (input: PronunciationRuleInput): PronunciationRule => pronunciationRule.parse(input);

describe('applying pronunciation rules', () => {
  it('replaces whole words with case by default, as ElevenLabs does', () => {
    const rules = [rule({ type: 'alias', string_to_replace: 'UN', alias: 'United Nations' })];
    expect(applyRules('The UN met; UNESCO and un-UN did not.', rules, 'espeak').text).toBe(
      'The United Nations met; UNESCO and un-United Nations did not.',
    );
  });

  it('honours the case-insensitive and inside-word options', () => {
    const anyCase = rule({ type: 'alias', string_to_replace: 'sql', alias: 'sequel', case_sensitive: false });
    expect(applyRules('SQL and Sql and sqlite', [anyCase], 'espeak').text).toBe('sequel and sequel and sqlite');
    const inside = rule({ type: 'alias', string_to_replace: 'ph', alias: 'f', word_boundaries: false });
    expect(applyRules('photo graph', [inside], 'espeak').text).toBe('foto graf');
  });

  it('prefers the earliest, then the longest match, and never rewrites an alias again', () => {
    const rules = [
      rule({ type: 'alias', string_to_replace: 'New', alias: 'Old' }),
      rule({ type: 'alias', string_to_replace: 'New York', alias: 'NYC' }),
      rule({ type: 'alias', string_to_replace: 'NYC', alias: 'New York City' }),
    ];
    expect(applyRules('New York is New.', rules, 'espeak').text).toBe('NYC is Old.');
  });

  it('matches words of any script whole', () => {
    const rules = [rule({ type: 'alias', string_to_replace: 'Zürich', alias: 'Tsürich' })];
    expect(applyRules('Zürich, Zürichsee', rules, 'espeak').text).toBe('Tsürich, Zürichsee');
  });

  it('gives eSpeak phoneme rules as phonemes in its own notation, without warnings', () => {
    const rules = [rule({ type: 'phoneme', string_to_replace: 'Sayso', phoneme: 'sˈeɪsoʊ', alphabet: 'ipa' })];
    expect(takesPhonemes('espeak')).toBe(true);
    expect(applyRules('Hello Sayso.', rules, 'espeak')).toEqual({ text: "Hello [[s'eIsoU]].", warnings: [] });
  });

  it('brackets each word of a phoneme rule, so a glottal stop is never taken for a sentence end', () => {
    const rules = [rule({ type: 'phoneme', string_to_replace: 'uh-oh', phoneme: 'ˈʔʌ ʔoʊ', alphabet: 'ipa' })];
    expect(applyRules('Well, uh-oh.', rules, 'espeak').text).toBe("Well, [['?V]] [[?oU]].");
  });

  it('falls back to the alias elsewhere, with a warning naming the rule', () => {
    const withAlias = rule({
      type: 'phoneme',
      string_to_replace: 'Sayso',
      phoneme: 'S EY1 S OW0',
      alphabet: 'cmu-arpabet',
      alias: 'say so',
    });
    for (const engine of ['sherpa', 'elevenlabs', 'minimax']) {
      expect(takesPhonemes(engine)).toBe(false);
      expect(applyRules('Sayso, Sayso.', [withAlias], engine)).toEqual({
        text: 'say so, say so.',
        warnings: [`"Sayso": the ${engine} engine does not take phonemes; its alias "say so" was spoken instead`],
      });
    }
    const bare = rule({ type: 'phoneme', string_to_replace: 'Sayso', phoneme: 'sˈeɪsoʊ', alphabet: 'ipa' });
    expect(applyRules('Sayso.', [bare], 'sherpa')).toEqual({
      text: 'Sayso.',
      warnings: ['"Sayso": the sherpa engine does not take phonemes; it was spoken as written'],
    });
  });

  it('matches texts full of punctuation literally', () => {
    const rules = [
      rule({ type: 'alias', string_to_replace: 'e-mail', alias: 'electronic mail' }),
      rule({ type: 'alias', string_to_replace: 'C++', alias: 'C plus plus', word_boundaries: false }),
      rule({ type: 'alias', string_to_replace: '(a|b)/[c]^$', alias: 'symbols' }),
    ];
    expect(applyRules('Send an e-mail about C++ and (a|b)/[c]^$.', rules, 'espeak').text).toBe(
      'Send an electronic mail about C plus plus and symbols.',
    );
  });

  it('leaves text without matches as it was', () => {
    const rules = [rule({ type: 'alias', string_to_replace: 'a.b', alias: 'x' })];
    expect(applyRules('aXb and a.b', rules, 'espeak').text).toBe('aXb and x');
    expect(applyRules('nothing here', [], 'espeak')).toEqual({ text: 'nothing here', warnings: [] });
  });
});
