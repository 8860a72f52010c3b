import type { ClonedVoiceList, VoiceDeleted } from '@sayso/contract/voices';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const clonedVoicesQuery = queryOptions({
  queryKey: ['cloned-voices'],
  queryFn: async () => (await apiRequest<ClonedVoiceList>('/voice/cloned')).voices,
});

export const deleteClonedVoice = (voiceId: string) =>
  apiRequest<VoiceDeleted>(`/voice/${encodeURIComponent(voiceId)}`, { method: 'DELETE' });
