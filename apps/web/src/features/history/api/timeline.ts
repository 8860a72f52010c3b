import type { RegeneratedSentence, RegenerateSentenceRequest, Timeline } from '@sayso/contract/history';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/account/get-me';
import { apiRequest } from '@/lib/api-client';
import { historyKeys } from './list-history';

const base = (id: string) => `/history/${encodeURIComponent(id)}`;

export const getTimeline = (id: string) => apiRequest<Timeline>(`${base(id)}/timeline`);

export const timelineQuery = (id: string) =>
  queryOptions({ queryKey: historyKeys.timeline(id), queryFn: () => getTimeline(id) });

export const useTimeline = (id: string) => useQuery(timelineQuery(id));

export const regenerateSentence = (id: string, position: number, request: RegenerateSentenceRequest) =>
  apiRequest<RegeneratedSentence>(`${base(id)}/sentences/${position}/takes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });

export const chooseTake = (id: string, takeId: string) =>
  apiRequest<Timeline>(`${base(id)}/takes/${encodeURIComponent(takeId)}/choose`, { method: 'POST' });

/**
 * Puts the timeline the server answered with in place, and reads again what it changed elsewhere:
 * the credits in the header and the history lists (duration, files).
 */
function useTimelineUpdate(id: string) {
  const queryClient = useQueryClient();
  return (timeline: Timeline) => {
    queryClient.setQueryData(historyKeys.timeline(id), timeline);
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    void queryClient.invalidateQueries({ queryKey: [...historyKeys.all, 'list'] });
  };
}

export interface SentenceRegeneration {
  position: number;
  /** Left out: another take of the same text with a new seed. */
  text?: string;
}

/** Marks every regeneration of a generation, so the other sentences wait while one renders. */
export const regenerateKey = (id: string) => [...historyKeys.timeline(id), 'regenerate'] as const;

export function useRegenerateSentence(id: string) {
  const update = useTimelineUpdate(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: regenerateKey(id),
    mutationFn: ({ position, text }: SentenceRegeneration) =>
      regenerateSentence(id, position, text === undefined ? {} : { text }),
    onSuccess: (answer) => update(answer.timeline),
    // A refused take may still have moved credits (a hold released): show the true figure.
    onError: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useChooseTake(id: string) {
  const update = useTimelineUpdate(id);
  return useMutation({
    mutationKey: regenerateKey(id),
    mutationFn: (takeId: string) => chooseTake(id, takeId),
    onSuccess: update,
  });
}
