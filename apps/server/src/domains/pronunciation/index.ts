// The pronunciation domain's public surface: the public API and the speech domain apply
// dictionaries through its service.
export type { SpokenText } from './apply.js';
export { pronunciationFor, registerPronunciation } from './register.js';
export { type DictionaryLocator, dictionaryView, PronunciationService, type Pronouncer } from './service.js';
