import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ClonedVoice {
  voiceId: string;
  voiceName: string;
  mp3Link: string;
  createdAt: string;
  approximate: boolean;
}

export const clonedVoicesQuery = queryOptions({
  queryKey: ['cloned-voices'],
  queryFn: async () => (await apiRequest<{ voices: ClonedVoice[] }>('/voice/cloned')).voices,
});

export const deleteClonedVoice = (voiceId: string) =>
  apiRequest<{ success: boolean }>(`/voice/${encodeURIComponent(voiceId)}`, { method: 'DELETE' });
