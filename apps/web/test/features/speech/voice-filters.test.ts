import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  facetLabel,
  facetOptions,
  filterVoices,
  languageForFilter,
  NO_FILTERS,
  parseStoredFilters,
} from '@/features/speech/lib/voice-filters';
import { libraryVoice, manyVoices } from './voice-library-voices';

const ava = libraryVoice({
  voice_id: 'espeak-en-us-f2',
  name: 'Ava',
  description: 'Warm American narrator.',
  verified_languages: [
    { language: 'en', accent: 'american', locale: 'en-US', preview_url: null },
    { language: 'fr', accent: 'french', locale: 'fr-FR', preview_url: '/ava-fr.mp3' },
  ],
});
const eleonore = libraryVoice({
  voice_id: 'espeak-fr-fr-f1',
  name: 'Éléonore',
  language: 'fr',
  locale: 'fr-FR',
  accent: 'french',
  description: 'Crisp Parisian voice.',
});
const heart = libraryVoice({
  voice_id: 'kokoro.af_heart',
  name: 'Heart',
  kind: 'neural',
  description: 'Heart: a female american voice of Kokoro.',
});
const adam = libraryVoice({ voice_id: 'kokoro.am_adam', name: 'Adam', kind: 'neural', gender: 'male' });
const library = [ava, eleonore, heart, adam];
const ids = (voices: { voice_id: string }[]) => voices.map((voice) => voice.voice_id);

describe('the voice library filters', () => {
  it('finds voices by name or description, ignoring case and accents, every word anywhere', () => {
    expect(ids(filterVoices(library, { ...NO_FILTERS, query: 'eleonore' }))).toEqual(['espeak-fr-fr-f1']);
    expect(ids(filterVoices(library, { ...NO_FILTERS, query: '  PARISIAN ' }))).toEqual(['espeak-fr-fr-f1']);
    expect(ids(filterVoices(library, { ...NO_FILTERS, query: 'kokoro female' }))).toEqual(['kokoro.af_heart']);
    expect(filterVoices(library, { ...NO_FILTERS, query: 'nobody' })).toEqual([]);
  });

  it('combines the search with language, gender, accent and kind, keeping the order given', () => {
    expect(ids(filterVoices(library, { ...NO_FILTERS, kind: 'neural' }))).toEqual([
      'kokoro.af_heart',
      'kokoro.am_adam',
    ]);
    expect(ids(filterVoices(library, { ...NO_FILTERS, kind: 'neural', gender: 'male' }))).toEqual(['kokoro.am_adam']);
    expect(ids(filterVoices(library, { ...NO_FILTERS, kind: 'neural', query: 'ava' }))).toEqual([]);
    expect(ids(filterVoices(library, { ...NO_FILTERS, accent: 'french', kind: 'espeak' }))).toEqual([
      'espeak-en-us-f2',
      'espeak-fr-fr-f1',
    ]);
  });

  it('counts a voice under every language it speaks, and starts it in the language filtered for', () => {
    expect(ids(filterVoices(library, { ...NO_FILTERS, language: 'fr' }))).toEqual([
      'espeak-en-us-f2',
      'espeak-fr-fr-f1',
    ]);
    expect(languageForFilter(ava, 'fr')).toBe('fr-FR');
    expect(languageForFilter(ava, 'en')).toBeNull();
    expect(languageForFilter(eleonore, 'fr')).toBeNull();
    expect(languageForFilter(ava, null)).toBeNull();
  });

  it('offers each filter the choices the other filters leave, with their counts and readable names', () => {
    const options = facetOptions(library, { ...NO_FILTERS, kind: 'neural' });
    expect(options.gender).toEqual([
      { value: 'female', label: 'Female', count: 1 },
      { value: 'male', label: 'Male', count: 1 },
    ]);
    expect(options.language).toEqual([{ value: 'en', label: 'English', count: 2 }]);
    // The kind filter is counted without itself, so the other kinds stay choosable.
    expect(options.kind).toEqual([
      { value: 'espeak', label: 'eSpeak', count: 2 },
      { value: 'neural', label: 'Neural', count: 2 },
    ]);
  });

  it('keeps the current choice listed when the search leaves nothing under it', () => {
    const options = facetOptions(library, { ...NO_FILTERS, language: 'fr', query: 'heart' });
    expect(options.language).toEqual([
      { value: 'en', label: 'English', count: 1 },
      { value: 'fr', label: 'French', count: 0 },
    ]);
  });

  it('names kinds, languages and accents as people read them', () => {
    expect(facetLabel('kind', 'espeak')).toBe('eSpeak');
    expect(facetLabel('language', 'de')).toBe('German');
    expect(facetLabel('language', 'pt-BR')).toBe('Brazilian Portuguese');
    expect(facetLabel('accent', 'british')).toBe('British');
    expect(facetLabel('accent', 'de-DE')).toBe('de-DE');
  });

  it('counts the filters in use, the search among them', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, query: '   ' })).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, query: 'ava', language: 'en', kind: 'cloud' })).toBe(3);
  });

  it('reads stored filters back, and drops what is not a filter', () => {
    const stored = JSON.stringify({ query: 'ava', language: 'fr', gender: 7, kind: 'robot', extra: true });
    expect(parseStoredFilters(stored)).toEqual({ ...NO_FILTERS, query: 'ava', language: 'fr' });
    expect(parseStoredFilters('{not json')).toEqual(NO_FILTERS);
    expect(parseStoredFilters(null)).toEqual(NO_FILTERS);
  });

  it('searches and counts 1,200 voices in a fraction of a frame, so it can run on every keystroke', () => {
    const voices = manyVoices(1200);
    const filters = { ...NO_FILTERS, language: 'fr', query: 'speaker 998' };
    const runs = Array.from({ length: 21 }, () => {
      const started = performance.now();
      filterVoices(voices, filters);
      facetOptions(voices, filters);
      return performance.now() - started;
    }).sort((a, b) => a - b);
    expect(filterVoices(voices, filters).map((voice) => voice.name)).toEqual(['Speaker 998']);
    expect(facetOptions(voices, filters).language).toEqual([{ value: 'fr', label: 'French', count: 1 }]);
    // The median run: one slow run on a busy machine says nothing about the code. It takes about
    // 0.4 ms; folding every voice's text on every call (no cache) took about 13 ms.
    expect(runs[10]).toBeLessThan(4);
  });
});
