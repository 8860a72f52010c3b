import { HISTORY_SOURCES, type HistorySource } from '@sayso/contract/history';
import { TASK_STATUSES, type TaskStatus } from '@sayso/contract/speech';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchParamChanges } from '@/lib/use-search-param-changes';
import type { HistoryFilters } from '../api/list-history';

export const HISTORY_PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((known) => known === value);

export type FilterName = 'voice' | 'status' | 'source';

/**
 * The history page's search, filters and page, kept in the address (?q=&voice=&status=&source=&page=)
 * so Back, a reload and a shared link all show the same list. The search box types freely; the
 * address (and the request) follows once typing pauses.
 */
export function useHistoryFilters() {
  const [params, update] = useSearchParamChanges();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);

  const filters: HistoryFilters = {
    q: q || undefined,
    voice: params.get('voice') || undefined,
    status: oneOf<TaskStatus>(TASK_STATUSES, params.get('status')),
    source: oneOf<HistorySource>(HISTORY_SOURCES, params.get('source')),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    page_size: HISTORY_PAGE_SIZE,
  };

  // The settled search goes to the address; a new search starts at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new settled search should write the address.
  useEffect(() => {
    if (settledSearch.trim() !== q) update({ q: settledSearch.trim() || undefined, page: undefined });
  }, [settledSearch]);

  const filtered = Boolean(filters.q || filters.voice || filters.status || filters.source);

  return {
    filters,
    filtered,
    search,
    setSearch,
    setFilter: (name: FilterName, value: string) => update({ [name]: value || undefined, page: undefined }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : undefined }),
    clear: () => {
      setSearch('');
      update({ q: undefined, voice: undefined, status: undefined, source: undefined, page: undefined });
    },
  };
}
