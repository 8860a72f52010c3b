import type { HistoryPage } from '@sayso/contract/history';
import { TASK_STATUSES } from '@sayso/contract/speech';
import { Search } from 'lucide-react';
import { useId } from 'react';
import type { HistoryFilters } from '../api/list-history';
import type { FilterName } from '../hooks/use-history-filters';
import { SOURCE_LABELS, STATUS_LABELS } from '../lib/history-labels';

const fieldStyle =
  'block w-full rounded-control border border-line bg-white px-3 py-2 text-sm text-ink focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30';

interface HistoryToolbarProps {
  search: string;
  onSearchChange: (text: string) => void;
  filters: HistoryFilters;
  onFilterChange: (name: FilterName, value: string) => void;
  /** The voices the user has generated with; empty until the first page has loaded. */
  voices: HistoryPage['voices'];
}

/** Search in the text, and filters for the voice, the status and where it was made. */
export function HistoryToolbar({ search, onSearchChange, filters, onFilterChange, voices }: HistoryToolbarProps) {
  const ids = { search: useId(), voice: useId(), status: useId(), source: useId() };
  return (
    <search
      aria-label="Search and filter your history"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
    >
      <div className="col-span-2 sm:col-span-3 lg:col-span-1">
        <label htmlFor={ids.search} className="text-sm font-medium text-ink">
          Search text
        </label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
          />
          <input
            id={ids.search}
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder="Words in the text"
            maxLength={200}
            className={`${fieldStyle} pl-9`}
          />
        </div>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor={ids.voice} className="text-sm font-medium text-ink">
          Voice
        </label>
        <select
          id={ids.voice}
          value={filters.voice ?? ''}
          onChange={(event) => onFilterChange('voice', event.target.value)}
          className={`${fieldStyle} mt-1.5`}
        >
          <option value="">All voices</option>
          {voices.map((voice) => (
            <option key={voice.id} value={voice.id}>
              {voice.cloned ? `${voice.name} (cloned)` : voice.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.status} className="text-sm font-medium text-ink">
          Status
        </label>
        <select
          id={ids.status}
          value={filters.status ?? ''}
          onChange={(event) => onFilterChange('status', event.target.value)}
          className={`${fieldStyle} mt-1.5`}
        >
          <option value="">All statuses</option>
          {TASK_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.source} className="text-sm font-medium text-ink">
          Source
        </label>
        <select
          id={ids.source}
          value={filters.source ?? ''}
          onChange={(event) => onFilterChange('source', event.target.value)}
          className={`${fieldStyle} mt-1.5`}
        >
          <option value="">All sources</option>
          {Object.entries(SOURCE_LABELS).map(([source, label]) => (
            <option key={source} value={source}>
              {source === 'api' ? 'API keys' : label}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
