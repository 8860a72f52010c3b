import { Search, SlidersHorizontal, X } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useId, useState } from 'react';
import {
  activeFilterCount,
  type FacetOption,
  VOICE_FACETS,
  type VoiceFacet,
  type VoiceFilters,
} from '../lib/voice-filters';

const FACET_LABELS: Record<VoiceFacet, string> = {
  language: 'Language',
  gender: 'Gender',
  accent: 'Accent',
  kind: 'Kind',
};
const ANY: Record<VoiceFacet, string> = {
  language: 'Any language',
  gender: 'Any gender',
  accent: 'Any accent',
  kind: 'Any kind',
};

interface VoiceLibraryFiltersProps {
  filters: VoiceFilters;
  onChange: (filters: VoiceFilters) => void;
  options: Record<VoiceFacet, FacetOption[]>;
  /** Wide dialogs show the filters in a row; narrow ones keep them behind a Filters button. */
  wide: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
  /** ArrowDown in the search field moves on to the list. */
  onSearchArrowDown: () => void;
}

/** The voice library's search field and its language, gender, accent and kind filters. */
export function VoiceLibraryFilters({
  filters,
  onChange,
  options,
  wide,
  searchRef,
  onSearchArrowDown,
}: VoiceLibraryFiltersProps) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const chosen = activeFilterCount({ ...filters, query: '' });
  const showFilters = wide || expanded;

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    onSearchArrowDown();
  };

  return (
    <div className="space-y-3">
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
          />
          <input
            ref={searchRef}
            type="search"
            aria-label="Search voices"
            placeholder="Search voices"
            className="w-full rounded-control border border-line bg-white py-2 pr-9 pl-9 text-ink placeholder:text-muted [&::-webkit-search-cancel-button]:appearance-none"
            value={filters.query}
            onChange={(event) => onChange({ ...filters, query: event.target.value })}
            onKeyDown={onSearchKeyDown}
          />
          {/* Ours rather than the browser's own clear button, which not every browser draws. */}
          {filters.query && (
            <button
              type="button"
              aria-label="Clear search"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-control p-1 text-muted hover:text-ink"
              onClick={() => {
                onChange({ ...filters, query: '' });
                searchRef.current?.focus();
              }}
            >
              <X aria-hidden className="h-4 w-4" />
            </button>
          )}
        </div>
        {!wide && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={panelId}
            className={`inline-flex shrink-0 items-center gap-1.5 rounded-control border px-3 text-sm font-medium ${chosen > 0 ? 'border-accent bg-accent-soft text-accent-strong' : 'border-line bg-white text-ink'}`}
            onClick={() => setExpanded((open) => !open)}
          >
            <SlidersHorizontal aria-hidden className="h-4 w-4" />
            Filters{chosen > 0 ? ` (${chosen})` : ''}
          </button>
        )}
      </div>
      {showFilters && (
        <fieldset id={panelId} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <legend className="sr-only">Filter voices</legend>
          {VOICE_FACETS.map((facet) => (
            <label key={facet} className="min-w-0 text-xs font-medium text-muted">
              {FACET_LABELS[facet]}
              <select
                className={`mt-1 block w-full rounded-control border bg-white px-2 py-1.5 text-sm text-ink ${filters[facet] !== null ? 'border-accent' : 'border-line'}`}
                value={filters[facet] ?? ''}
                onChange={(event) => onChange({ ...filters, [facet]: event.target.value || null })}
              >
                <option value="">{ANY[facet]}</option>
                {options[facet].map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label} ({option.count})
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
