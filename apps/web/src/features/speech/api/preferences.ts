import type { Preferences, PreferencesUpdate } from '@sayso/contract/speech';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The signed-in user's userPreferences (spec section 3). */
export const getPreferences = () => apiRequest<Preferences>('/preferences');

/** The remembered voice; without one (or on an error) the studio simply starts with none. */
export const preferencesQuery = queryOptions({ queryKey: ['preferences'], queryFn: getPreferences, retry: false });

export const savePreferredVoice = (voiceId: string, voiceName: string) =>
  apiRequest<Preferences>('/preferences', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ preferredVoiceId: voiceId, preferredVoiceName: voiceName } satisfies PreferencesUpdate),
  });
