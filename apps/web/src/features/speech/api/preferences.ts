import { apiRequest } from '@/lib/api-client';

/** userPreferences (spec section 3). */
export interface Preferences {
  preferredVoiceId: string | null;
  preferredVoiceName: string | null;
  lastUpdated: string | null;
}

export const getPreferences = () => apiRequest<Preferences>('/preferences');

export const savePreferredVoice = (voiceId: string, voiceName: string) =>
  apiRequest<Preferences>('/preferences', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ preferredVoiceId: voiceId, preferredVoiceName: voiceName }),
  });
