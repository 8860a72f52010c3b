import type { Voice, VoiceKind } from '@sayso/contract/speech';

/** What the voice library narrows its list by; null means "any". */
export interface VoiceFilters {
  query: string;
  language: string | null;
  gender: string | null;
  accent: string | null;
  kind: VoiceKind | null;
}

export type VoiceFacet = 'language' | 'gender' | 'accent' | 'kind';
export const VOICE_FACETS: readonly VoiceFacet[] = ['language', 'gender', 'accent', 'kind'];

export const NO_FILTERS: VoiceFilters = { query: '', language: null, gender: null, accent: null, kind: null };

/** One choice in a filter's dropdown: how many voices it leaves, given the other filters. */
export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

export const KIND_LABELS: Record<VoiceKind, string> = {
  neural: 'Neural',
  espeak: 'eSpeak',
  cloud: 'Cloud',
  cloned: 'Cloned',
};

/** Folds case and accents, so "eleonore" finds "Éléonore". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const languagesOf = (voice: Voice) => [voice.language, ...voice.verified_languages.map((entry) => entry.language)];
const accentsOf = (voice: Voice) =>
  [voice.accent, ...voice.verified_languages.map((entry) => entry.accent)].filter(Boolean);

/** The values a voice offers for a facet: a multilingual voice counts under each language it speaks. */
function valuesOf(voice: Voice, facet: VoiceFacet): string[] {
  switch (facet) {
    case 'language':
      return languagesOf(voice);
    case 'accent':
      return accentsOf(voice);
    case 'gender':
      return [voice.gender];
    case 'kind':
      return [voice.kind];
  }
}

// Folding is the costly part of a search (Unicode normalisation), so each voice is folded once.
const searchable = new WeakMap<Voice, string>();

/** Every word of the search appears in the voice's name or description (in any order). */
function matchesQuery(voice: Voice, words: string[]): boolean {
  if (words.length === 0) return true;
  let haystack = searchable.get(voice);
  if (haystack === undefined) {
    haystack = fold(`${voice.name} ${voice.description} ${voice.descriptive}`);
    searchable.set(voice, haystack);
  }
  return words.every((word) => (haystack as string).includes(word));
}

const searchWords = (query: string) => fold(query).split(/\s+/).filter(Boolean);

function matchesFacets(voice: Voice, filters: VoiceFilters, except: VoiceFacet | null): boolean {
  return VOICE_FACETS.every((facet) => {
    const wanted = filters[facet];
    return facet === except || wanted === null || valuesOf(voice, facet).includes(wanted);
  });
}

/** The voices that pass every filter, in the order given. */
export function filterVoices(voices: readonly Voice[], filters: VoiceFilters): Voice[] {
  const words = searchWords(filters.query);
  return voices.filter((voice) => matchesFacets(voice, filters, null) && matchesQuery(voice, words));
}

/**
 * Each filter's choices, counted against the voices the other filters leave, so that no choice
 * leads to an empty list; the current choice stays listed even when nothing is left under it.
 */
export function facetOptions(voices: readonly Voice[], filters: VoiceFilters): Record<VoiceFacet, FacetOption[]> {
  const words = searchWords(filters.query);
  const searched = voices.filter((voice) => matchesQuery(voice, words));
  const options = {} as Record<VoiceFacet, FacetOption[]>;
  for (const facet of VOICE_FACETS) {
    const counts = new Map<string, number>();
    for (const voice of searched) {
      if (!matchesFacets(voice, filters, facet)) continue;
      for (const value of new Set(valuesOf(voice, facet))) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const chosen = filters[facet];
    if (chosen !== null && !counts.has(chosen)) counts.set(chosen, 0);
    options[facet] = [...counts]
      .map(([value, count]) => ({ value, label: facetLabel(facet, value), count }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }
  return options;
}

/** How many filters (search included) narrow the list. */
export function activeFilterCount(filters: VoiceFilters): number {
  return (filters.query.trim() ? 1 : 0) + VOICE_FACETS.filter((facet) => filters[facet] !== null).length;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** A filter value as a person reads it: "fr" is French, "american" is American, "neural" is Neural. */
export function facetLabel(facet: VoiceFacet, value: string): string {
  if (facet === 'kind') return KIND_LABELS[value as VoiceKind] ?? value;
  if (facet === 'language') {
    try {
      return languageNames.of(value) ?? value;
    } catch {
      // Not a language code Intl knows how to read ("unknown"); show it as it is.
      return value;
    }
  }
  // Accents are words ("american") or, for Piper voices, locales ("de-DE") kept as written.
  return /^[a-z]{2,3}-[A-Z]{2}$/.test(value) ? value : value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * The language a voice starts in when the list is filtered to one it speaks as a second
 * language, so its sample and its selection are in the language the listener asked for.
 */
export function languageForFilter(voice: Voice, language: string | null): string | null {
  if (language === null || voice.language === language) return null;
  const match = voice.verified_languages.find((entry) => entry.language === language);
  return match ? (match.locale ?? match.language) : null;
}

/** Reads filters kept from earlier in the visit, dropping anything that is not a filter. */
export function parseStoredFilters(stored: string | null): VoiceFilters {
  if (!stored) return NO_FILTERS;
  try {
    const value = JSON.parse(stored) as Record<string, unknown>;
    const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : null);
    const kind = text('kind');
    return {
      query: text('query') ?? '',
      language: text('language'),
      gender: text('gender'),
      accent: text('accent'),
      kind: kind !== null && kind in KIND_LABELS ? (kind as VoiceKind) : null,
    };
  } catch {
    return NO_FILTERS;
  }
}
