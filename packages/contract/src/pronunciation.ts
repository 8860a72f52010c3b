import { z } from 'zod';

/**
 * Pronunciation dictionaries (issue 38, decision 0050): a user's rules that fix how names, brands
 * and jargon are spoken. The wire shape of a rule is ElevenLabs' own (snake case), so the web app,
 * the ElevenLabs dialect and PLS files all speak of the same thing.
 */

/** A dictionary holds at most this many rules. */
export const DICTIONARY_MAX_RULES = 1_000;
/** A request names at most this many dictionaries, as ElevenLabs allows. */
export const MAX_DICTIONARIES_PER_REQUEST = 3;
/** An uploaded PLS file may be at most this large. */
export const PLS_MAX_BYTES = 1024 * 1024;

/** Phoneme alphabets: IPA, and CMU Arpabet (English only; stress as digits 0-2 after vowels). */
export const phonemeAlphabet = z.enum(['ipa', 'cmu-arpabet'], {
  error: 'alphabet must be "ipa" or "cmu-arpabet"',
});
export type PhonemeAlphabet = z.infer<typeof phonemeAlphabet>;

const stringToReplace = z
  .string({ error: 'string_to_replace is required' })
  .trim()
  .min(1, { error: 'string_to_replace must not be empty' })
  .max(200, { error: 'string_to_replace must be at most 200 characters' });

/** ElevenLabs' defaults: a rule matches whole words, with case. */
const matching = {
  case_sensitive: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  word_boundaries: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
};

export const aliasRule = z.object({
  type: z.literal('alias'),
  string_to_replace: stringToReplace,
  alias: z
    .string({ error: 'alias is required' })
    .trim()
    .min(1, { error: 'alias must not be empty' })
    .max(500, { error: 'alias must be at most 500 characters' }),
  ...matching,
});

export const phonemeRule = z.object({
  type: z.literal('phoneme'),
  string_to_replace: stringToReplace,
  phoneme: z
    .string({ error: 'phoneme is required' })
    .trim()
    .min(1, { error: 'phoneme must not be empty' })
    .max(200, { error: 'phoneme must be at most 200 characters' }),
  alphabet: phonemeAlphabet,
  /**
   * What engines that cannot take phonemes say instead (a PLS lexeme may carry both); without it
   * they say the word as written. Our own field: ElevenLabs' clients never send it.
   */
  alias: z.string().trim().min(1).max(500).nullish(),
  ...matching,
});

export const pronunciationRule = z.discriminatedUnion('type', [aliasRule, phonemeRule], {
  error: 'each rule needs type "alias" (with alias) or "phoneme" (with phoneme and alphabet)',
});
/** A rule as it is sent (options may be missing). */
export type PronunciationRuleInput = z.input<typeof pronunciationRule>;
/** A rule with its options filled. */
export type PronunciationRule = z.output<typeof pronunciationRule>;
export type AliasRule = z.output<typeof aliasRule>;
export type PhonemeRule = z.output<typeof phonemeRule>;

export const pronunciationRules = z
  .array(pronunciationRule)
  .max(DICTIONARY_MAX_RULES, { error: `a dictionary holds at most ${DICTIONARY_MAX_RULES} rules` });

const dictionaryName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(100, { error: 'name must be at most 100 characters' });
const description = z.string().trim().max(1000, { error: 'description must be at most 1000 characters' }).nullish();

/** The web app's and the API's request to create a dictionary from rules. */
export const createDictionaryRequest = z.object({
  name: dictionaryName,
  description,
  rules: pronunciationRules,
});
export type CreateDictionaryRequest = z.input<typeof createDictionaryRequest>;

/** Replaces a dictionary's rules (a new version). */
export const replaceRulesRequest = z.object({ rules: pronunciationRules });
export type ReplaceRulesRequest = z.input<typeof replaceRulesRequest>;

export const dictionaryParams = z.object({ dictionaryId: z.string().trim().min(1).max(64) });

/** A dictionary as the web app shows it, with the rules of its latest version. */
export const pronunciationDictionary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  version_id: z.string(),
  rules: z.array(pronunciationRule),
  created_at: z.string(),
});
export type PronunciationDictionary = z.infer<typeof pronunciationDictionary>;

export const pronunciationDictionaryList = z.object({ dictionaries: z.array(pronunciationDictionary) });
export type PronunciationDictionaryList = z.infer<typeof pronunciationDictionaryList>;

/** The dictionaries a studio request applies, by id (their latest versions), at most three. */
export const dictionaryIds = z.array(z.string().trim().min(1).max(64)).max(MAX_DICTIONARIES_PER_REQUEST, {
  error: `at most ${MAX_DICTIONARIES_PER_REQUEST} pronunciation dictionaries may be applied at once`,
});
