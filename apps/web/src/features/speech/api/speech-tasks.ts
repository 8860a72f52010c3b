import type { PresetSpeechRequest as PresetSpeechBody } from '@sayso/contract/speech';
import type { PolledTask } from '@/lib/speech-task/poll-task';
import { spacedRequest } from '@/lib/speech-task/spaced-request';
import type { TtsResponse } from '@/lib/speech-task/tts-response';

/**
 * The preset studio's speech request as /dashboard2 sends it: the contract's body with every field
 * filled in, and the pronunciation dictionaries when any are chosen.
 */
export type PresetSpeechRequest = Required<Omit<PresetSpeechBody, 'pronunciation_dictionary_ids'>> &
  Pick<PresetSpeechBody, 'pronunciation_dictionary_ids'>;

export const submitPresetSpeech = (body: PresetSpeechRequest, signal?: AbortSignal) =>
  spacedRequest<TtsResponse>('/elevenlabs/tts', {
    signal: signal ?? null,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export const getPresetTask = (taskId: string, signal?: AbortSignal) =>
  spacedRequest<PolledTask>(`/elevenlabs/task/${encodeURIComponent(taskId)}`, { signal: signal ?? null });
