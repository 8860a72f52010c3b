import { CLONE_LANGUAGES, type CloneLanguage } from '@sayso/contract/languages';

/**
 * What language a MiniMax system voice speaks. MiniMax names most voices `<Language>_<Name>`, in
 * its own words (`English_Graceful_Lady`, `Chinese (Mandarin)_Reliable_Executive`,
 * `Cantonese_ProfessionalHost（F)`); its older voices (`female-shaonv`, `male-qn-qingse`) and its
 * generated ones (`moss_audio_…`) carry no language word, and their names and descriptions are
 * usually written in the language itself. Nothing here falls back to English: a voice whose
 * language cannot be told is 'und' (undetermined), so nothing speaks English in its name by mistake.
 */
export interface VoiceLanguage {
  /** ISO 639-1 where there is one ('yue' for Cantonese, as the product's preview texts spell it). */
  language: string;
  locale: string;
  /** MiniMax's own word for it, shown as the accent. */
  accent: string;
}

/** Where MiniMax's voices of a language name a region as well. */
const LOCALE_OF: Partial<Record<CloneLanguage, string>> = {
  cantonese: 'zh-HK',
  chinese: 'zh-CN',
  japanese: 'ja-JP',
  korean: 'ko-KR',
};

/**
 * MiniMax's language words, lower-cased: the clone screen's languages (MiniMax speaks all of
 * them, so its voices' words are these) and its own names for Mandarin.
 */
const BY_WORD = new Map<string, [language: string, locale: string]>([
  ...CLONE_LANGUAGES.map(({ tag, code }): [string, [string, string]] => [tag, [code, LOCALE_OF[tag] ?? code]]),
  ['chinese (mandarin)', ['zh', 'zh-CN']],
  ['mandarin', ['zh', 'zh-CN']],
]);

/** Every language a MiniMax voice may speak, as the product's codes. */
export const MINIMAX_LANGUAGES = [...new Set([...BY_WORD.values()].map(([language]) => language))];

/** Scripts that say the language of a name or description written in it. */
const SCRIPTS: [RegExp, string, string][] = [
  [/[\u3040-\u30ff]/, 'ja', 'ja-JP'],
  [/[\uac00-\ud7af]/, 'ko', 'ko-KR'],
  [/[\u4e00-\u9fff]/, 'zh', 'zh-CN'],
  [/[\u0e00-\u0e7f]/, 'th', 'th'],
  [/[\u0590-\u05ff]/, 'he', 'he'],
  [/[\u0600-\u06ff]/, 'ar', 'ar'],
];

export function minimaxVoiceLanguage(voiceId: string, name = '', description: string[] = []): VoiceLanguage {
  const underscore = voiceId.indexOf('_');
  const word = underscore > 0 ? voiceId.slice(0, underscore).trim() : '';
  const known = BY_WORD.get(word.toLowerCase());
  if (known) return { language: known[0], locale: known[1], accent: word };
  const written = `${name} ${description.join(' ')}`;
  for (const [script, language, locale] of SCRIPTS) {
    if (script.test(written)) return { language, locale, accent: 'standard' };
  }
  return { language: 'und', locale: 'und', accent: 'standard' };
}
