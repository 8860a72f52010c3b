import { CLONE_LANGUAGES, cloneLanguageNamed } from '@sayso/contract/languages';
import { z } from 'zod';
import type { ApiVoice } from '../catalogue.js';
import type { ElevenLabsVoice } from './schemas.js';

/**
 * GET /v2/voices as ElevenLabs' SDK sends it (`client.voices.search()`): a search term, filters,
 * a sort and pages of `page_size` joined by an opaque `next_page_token`. Our catalogue is small
 * (the studios' preset voices and the owner's clones), so a search filters the whole list in memory.
 */

/** A query value the SDK sends once (`a`) or repeated (`a&a`) for a list; either way, a list. */
const oneOrMany = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).map((item) => item.trim()).filter(Boolean));

/** The SDK writes booleans as `true` / `false`; z.coerce.boolean would read "false" as true. */
const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * ElevenLabs' voice types, as they apply here: `default` is the preset voices; the owner's clones
 * are their `personal` voices (and so also `non-default`, `non-community`, `saved` and their
 * `workspace`, which is theirs alone); there is no voice library, so `community` finds nothing.
 */
const VOICE_TYPES = ['personal', 'community', 'default', 'workspace', 'non-default', 'non-community', 'saved'] as const;

const PAGE_TOKEN_PREFIX = 'o';

export const voiceSearchQuery = z.object({
  next_page_token: z
    .string()
    .regex(new RegExp(`^${PAGE_TOKEN_PREFIX}\\d{1,6}$`), 'next_page_token must be one returned by a previous page')
    .optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(['created_at_unix', 'name']).optional(),
  sort_direction: z.enum(['asc', 'desc']).optional(),
  voice_type: z.enum(VOICE_TYPES).optional(),
  category: z.enum(['premade', 'cloned', 'generated', 'professional', 'famous', 'high_quality']).optional(),
  gender: z.string().trim().max(50).optional(),
  age: z.string().trim().max(50).optional(),
  accent: z.string().trim().max(100).optional(),
  language: oneOrMany.optional(),
  use_cases: oneOrMany.optional(),
  voice_ids: oneOrMany.optional(),
  include_total_count: queryFlag.optional(),
  high_quality: queryFlag.optional(),
  // Professional clones, shared-library voices and collections: none exist here, so these select
  // nothing when given (fine_tuning_state, collection_id) or have nothing to leave out (the rest).
  fine_tuning_state: z.string().max(50).optional(),
  collection_id: z.string().max(100).optional(),
  min_notice_period_days: z.coerce.number().int().min(0).optional(),
  include_custom_rates: queryFlag.optional(),
  include_live_moderated: queryFlag.optional(),
});
export type VoiceSearchQuery = z.infer<typeof voiceSearchQuery>;

export interface VoicePage {
  voices: ElevenLabsVoice[];
  has_more: boolean;
  total_count: number;
  next_page_token: string | null;
}

/** A voice as the search sees it: its ElevenLabs view, and every language code it speaks. */
export interface SearchableVoice {
  view: ElevenLabsVoice;
  languages: string[];
}

export function searchable(voice: ApiVoice, view: ElevenLabsVoice): SearchableVoice {
  const preset = voice.preset;
  // A clone keeps its language by name ('English'); the search is by code.
  const cloneTag = cloneLanguageNamed(voice.language);
  const codes = [
    voice.language,
    CLONE_LANGUAGES.find((language) => language.tag === cloneTag)?.code ?? '',
    preset?.locale ?? '',
    ...(preset?.verifiedLanguages ?? []).flatMap((entry) => [entry.language, entry.locale ?? '']),
  ];
  return { view, languages: [...new Set(codes.filter(Boolean).map(folded))] };
}

/** One page of the voices that match the query, in the asked order. */
export function searchVoices(candidates: SearchableVoice[], query: VoiceSearchQuery): VoicePage {
  const matches = matcher(query);
  const voices = candidates.filter((candidate) => matches(candidate)).map((candidate) => candidate.view);
  const matching = sortVoices(voices, query);
  const start = query.next_page_token ? Number(query.next_page_token.slice(PAGE_TOKEN_PREFIX.length)) : 0;
  const end = start + query.page_size;
  const hasMore = end < matching.length;
  return {
    voices: matching.slice(start, end),
    has_more: hasMore,
    total_count: matching.length,
    next_page_token: hasMore ? `${PAGE_TOKEN_PREFIX}${end}` : null,
  };
}

/** Case and accents do not matter to a search term or a label filter. */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function matcher(query: VoiceSearchQuery): (candidate: SearchableVoice) => boolean {
  const tests: ((voice: ElevenLabsVoice, languages: string[]) => boolean)[] = [];
  const { search, voice_type: voiceType, category } = query;
  if (search) {
    // ElevenLabs searches the name, description, labels and category.
    const term = folded(search);
    tests.push((voice) =>
      [voice.name, voice.description ?? '', voice.category, ...Object.values(voice.labels)].some((field) =>
        folded(field).includes(term),
      ),
    );
  }
  if (voiceType) tests.push((voice) => ofVoiceType(voice, voiceType));
  if (category) tests.push((voice) => voice.category === category);
  for (const label of ['gender', 'age', 'accent'] as const) {
    const wanted = query[label];
    if (wanted) tests.push((voice) => folded(voice.labels[label] ?? '') === folded(wanted));
  }
  if (query.language?.length) {
    const wanted = query.language.map(folded);
    tests.push((_, languages) => languages.some((language) => wanted.some((code) => sameLanguage(language, code))));
  }
  if (query.use_cases?.length) {
    const wanted = query.use_cases.map(folded);
    tests.push((voice) => wanted.includes(folded(voice.labels.use_case ?? '')));
  }
  if (query.voice_ids?.length) {
    const wanted = new Set(query.voice_ids);
    tests.push((voice) => wanted.has(voice.voice_id));
  }
  if (query.high_quality || query.fine_tuning_state || query.collection_id) tests.push(() => false);
  return ({ view, languages }) => tests.every((test) => test(view, languages));
}

function ofVoiceType(voice: ElevenLabsVoice, voiceType: (typeof VOICE_TYPES)[number]): boolean {
  if (voiceType === 'default') return voice.category === 'premade';
  if (voiceType === 'community') return false;
  return voice.category === 'cloned';
}

/** `en` finds `en`, `en-us` and `en_GB`; `en-us` finds only itself. */
function sameLanguage(language: string, wanted: string): boolean {
  const normal = (code: string) => code.replaceAll('_', '-');
  return normal(language) === normal(wanted) || normal(language).startsWith(`${normal(wanted)}-`);
}

/**
 * The asked order; without `sort`, the catalogue's own (the studios' presets, then the owner's
 * clones). Names default to A-Z, creation times to the newest first; voices without a creation
 * time (presets) go last either way.
 */
function sortVoices(voices: ElevenLabsVoice[], query: VoiceSearchQuery): ElevenLabsVoice[] {
  if (!query.sort) return voices;
  const byName = query.sort === 'name';
  const direction = (query.sort_direction ?? (byName ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  const compare = byName
    ? (a: ElevenLabsVoice, b: ElevenLabsVoice) => direction * a.name.localeCompare(b.name, 'en')
    : (a: ElevenLabsVoice, b: ElevenLabsVoice) => {
        if (a.created_at_unix === null || b.created_at_unix === null) {
          return (a.created_at_unix === null ? 1 : 0) - (b.created_at_unix === null ? 1 : 0);
        }
        return direction * (a.created_at_unix - b.created_at_unix);
      };
  // Array.prototype.sort is stable, so equal voices keep the catalogue's order.
  return [...voices].sort(compare);
}
