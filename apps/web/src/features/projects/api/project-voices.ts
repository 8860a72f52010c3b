import type { Voice } from '@sayso/contract/speech';
import type { ClonedVoice, ClonedVoiceList } from '@sayso/contract/voices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { spacedRequest } from '@/lib/speech-task/spaced-request';
import { projectVoiceList } from '../lib/voice-options';

/**
 * A project is spoken by the clone studio's engine, so its voices are that studio's preset voices
 * and the user's cloned voices (the server checks every voice it is given against the same two).
 */
const presetVoicesQuery = queryOptions({
  queryKey: ['speech', 'voices', 'A'],
  queryFn: async (): Promise<Voice[]> =>
    (await spacedRequest<{ voices: Voice[] }>('/minimax/voices', {}, { priority: 'background' })).voices,
  staleTime: 5 * 60_000,
});

// The clone studio's own key and shape, so both share what was read.
const clonedVoicesQuery = queryOptions({
  queryKey: ['cloned-voices'],
  queryFn: async (): Promise<ClonedVoice[]> => (await apiRequest<ClonedVoiceList>('/voice/cloned')).voices,
});

/** The voices a project may use; `pending` until both lists have been read (or failed). */
export function useProjectVoices() {
  const preset = useQuery(presetVoicesQuery);
  const cloned = useQuery(clonedVoicesQuery);
  return {
    voices: projectVoiceList(preset.data ?? [], cloned.data ?? []),
    pending: preset.isPending || cloned.isPending,
    failed: preset.isError && cloned.isError,
  };
}
