import type { HistoryItem, HistoryPage, HistoryQuery } from '@sayso/contract/history';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The search, filters and page the history list asks for; empty fields are left out. */
export type HistoryFilters = Pick<HistoryQuery, 'q' | 'voice' | 'status' | 'source' | 'page' | 'page_size'>;

/** While anything shown is still being made, the list asks again this often. */
export const HISTORY_POLL_MS = 2_000;

export const historyKeys = {
  all: ['history'] as const,
  list: (filters: HistoryFilters) => ['history', 'list', filters] as const,
  timeline: (id: string) => ['history', 'timeline', id] as const,
};

export function historySearch(filters: HistoryFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const getHistory = (filters: HistoryFilters) => apiRequest<HistoryPage>(`/history${historySearch(filters)}`);

/** Whether an item is still on its way, so its row changes without the user doing anything. */
export const isUnfinished = (item: HistoryItem): boolean => item.status === 'queued' || item.status === 'processing';

export const historyQuery = (filters: HistoryFilters) =>
  queryOptions({
    queryKey: historyKeys.list(filters),
    queryFn: () => getHistory(filters),
    // A new page or filter keeps the last list on screen (dimmed) instead of flashing the skeleton.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isUnfinished) ? HISTORY_POLL_MS : false),
    refetchOnWindowFocus: true,
  });

export const useHistory = (filters: HistoryFilters) => useQuery(historyQuery(filters));
