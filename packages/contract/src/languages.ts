import { z } from 'zod';

/**
 * The clone screen's 40 languages, in the spec's order (section 2): the tag the form's select
 * holds, the label it shows (chinese is shown as Mandarin), and the language's ISO 639 code.
 * Every list of languages an engine keeps for cloning is keyed by these tags, so adding one here
 * makes the compiler ask each engine what to do with it.
 */
export const CLONE_LANGUAGES = [
  { tag: 'english', label: 'English', code: 'en' },
  { tag: 'vietnamese', label: 'Vietnamese', code: 'vi' },
  { tag: 'arabic', label: 'Arabic', code: 'ar' },
  { tag: 'cantonese', label: 'Cantonese', code: 'yue' },
  { tag: 'chinese', label: 'Mandarin', code: 'zh' },
  { tag: 'dutch', label: 'Dutch', code: 'nl' },
  { tag: 'french', label: 'French', code: 'fr' },
  { tag: 'german', label: 'German', code: 'de' },
  { tag: 'indonesian', label: 'Indonesian', code: 'id' },
  { tag: 'italian', label: 'Italian', code: 'it' },
  { tag: 'japanese', label: 'Japanese', code: 'ja' },
  { tag: 'korean', label: 'Korean', code: 'ko' },
  { tag: 'portuguese', label: 'Portuguese', code: 'pt' },
  { tag: 'russian', label: 'Russian', code: 'ru' },
  { tag: 'spanish', label: 'Spanish', code: 'es' },
  { tag: 'turkish', label: 'Turkish', code: 'tr' },
  { tag: 'ukrainian', label: 'Ukrainian', code: 'uk' },
  { tag: 'thai', label: 'Thai', code: 'th' },
  { tag: 'polish', label: 'Polish', code: 'pl' },
  { tag: 'romanian', label: 'Romanian', code: 'ro' },
  { tag: 'greek', label: 'Greek', code: 'el' },
  { tag: 'czech', label: 'Czech', code: 'cs' },
  { tag: 'finnish', label: 'Finnish', code: 'fi' },
  { tag: 'hindi', label: 'Hindi', code: 'hi' },
  { tag: 'bulgarian', label: 'Bulgarian', code: 'bg' },
  { tag: 'danish', label: 'Danish', code: 'da' },
  { tag: 'hebrew', label: 'Hebrew', code: 'he' },
  { tag: 'malay', label: 'Malay', code: 'ms' },
  { tag: 'persian', label: 'Persian', code: 'fa' },
  { tag: 'slovak', label: 'Slovak', code: 'sk' },
  { tag: 'swedish', label: 'Swedish', code: 'sv' },
  { tag: 'croatian', label: 'Croatian', code: 'hr' },
  { tag: 'filipino', label: 'Filipino', code: 'fil' },
  { tag: 'hungarian', label: 'Hungarian', code: 'hu' },
  { tag: 'norwegian', label: 'Norwegian', code: 'no' },
  { tag: 'slovenian', label: 'Slovenian', code: 'sl' },
  { tag: 'catalan', label: 'Catalan', code: 'ca' },
  { tag: 'nynorsk', label: 'Nynorsk', code: 'nn' },
  { tag: 'tamil', label: 'Tamil', code: 'ta' },
  { tag: 'afrikaans', label: 'Afrikaans', code: 'af' },
] as const;

export const CLONE_LANGUAGE_TAGS = CLONE_LANGUAGES.map((language) => language.tag);

/** A clone-screen language tag ('english', 'chinese', ...). */
export const cloneLanguage = z.enum(CLONE_LANGUAGE_TAGS);
export type CloneLanguage = z.infer<typeof cloneLanguage>;

/** The label the clone screen shows for a language. */
export const cloneLanguageLabel = (tag: CloneLanguage): string =>
  CLONE_LANGUAGES.find((language) => language.tag === tag)?.label ?? tag;

/**
 * Every name the clone form's `language_tag` is sent under, lower-cased: the tag, the label (the
 * web app sends 'English', the spec's default) and the ISO code (ElevenLabs' voice labels carry one).
 */
const TAG_BY_NAME = new Map<string, CloneLanguage>(
  CLONE_LANGUAGES.flatMap((language) => [
    [language.tag, language.tag],
    [language.label.toLowerCase(), language.tag],
    [language.code, language.tag],
  ]),
);

/** The tag a name stands for (case and surrounding spaces do not matter); null for any other name. */
export function cloneLanguageNamed(name: string): CloneLanguage | null {
  return TAG_BY_NAME.get(name.trim().toLowerCase()) ?? null;
}

export const UNSUPPORTED_LANGUAGE_MESSAGE =
  'This language is not supported for voice cloning. Please choose a language from the list.';

/**
 * The clone form's `language_tag`: any of the names above; missing or blank is the spec's default,
 * English. Anything else is refused rather than spoken as English.
 */
export const cloneLanguageField = z
  .string()
  .optional()
  .transform((name, context): CloneLanguage => {
    if (name === undefined || name.trim() === '') return 'english';
    const tag = cloneLanguageNamed(name);
    if (tag) return tag;
    context.addIssue({ code: 'custom', message: UNSUPPORTED_LANGUAGE_MESSAGE, input: name });
    return z.NEVER;
  });
