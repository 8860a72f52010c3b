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

const BY_WORD: Record<string, [language: string, locale: string]> = {
  'chinese (mandarin)': ['zh', 'zh-CN'],
  chinese: ['zh', 'zh-CN'],
  mandarin: ['zh', 'zh-CN'],
  cantonese: ['yue', 'zh-HK'],
  english: ['en', 'en'],
  spanish: ['es', 'es'],
  french: ['fr', 'fr'],
  russian: ['ru', 'ru'],
  german: ['de', 'de'],
  portuguese: ['pt', 'pt'],
  arabic: ['ar', 'ar'],
  italian: ['it', 'it'],
  japanese: ['ja', 'ja-JP'],
  korean: ['ko', 'ko-KR'],
  indonesian: ['id', 'id'],
  vietnamese: ['vi', 'vi'],
  turkish: ['tr', 'tr'],
  dutch: ['nl', 'nl'],
  ukrainian: ['uk', 'uk'],
  thai: ['th', 'th'],
  polish: ['pl', 'pl'],
  romanian: ['ro', 'ro'],
  greek: ['el', 'el'],
  czech: ['cs', 'cs'],
  finnish: ['fi', 'fi'],
  hindi: ['hi', 'hi'],
  bulgarian: ['bg', 'bg'],
  danish: ['da', 'da'],
  hebrew: ['he', 'he'],
  malay: ['ms', 'ms'],
  persian: ['fa', 'fa'],
  slovak: ['sk', 'sk'],
  swedish: ['sv', 'sv'],
  croatian: ['hr', 'hr'],
  filipino: ['fil', 'fil'],
  hungarian: ['hu', 'hu'],
  norwegian: ['no', 'no'],
  slovenian: ['sl', 'sl'],
  catalan: ['ca', 'ca'],
  nynorsk: ['nn', 'nn'],
  tamil: ['ta', 'ta'],
  afrikaans: ['af', 'af'],
};

/** Every language a MiniMax voice may speak, as the product's codes. */
export const MINIMAX_LANGUAGES = [...new Set(Object.values(BY_WORD).map(([language]) => language))];

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
  const known = BY_WORD[word.toLowerCase()];
  if (known) return { language: known[0], locale: known[1], accent: word };
  const written = `${name} ${description.join(' ')}`;
  for (const [script, language, locale] of SCRIPTS) {
    if (script.test(written)) return { language, locale, accent: 'standard' };
  }
  return { language: 'und', locale: 'und', accent: 'standard' };
}
