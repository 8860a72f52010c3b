import type { PresetSpeechRequest as PresetSpeechBody } from '@sayso/contract/speech';
import type { PolledTask } from '@/lib/speech-task/poll-task';
import { spacedRequest } from '@/lib/speech-task/spaced-request';
import type { TtsResponse } from '@/lib/speech-task/tts-response';

/**
 * The preset studio's speech request as /dashboard2 sends it: the contract's body with every field
 * filled in, and text, voice and model as strings (the contract keeps them `unknown` so that the
 * server can answer a bad one with the spec's own message).
 */
export type PresetSpeechRequest = Required<Omit<PresetSpeechBody, 'text' | 'voice_id' | 'model_id'>> & {
  text: string;
  voice_id: string;
  model_id: string;
};

export const submitPresetSpeech = (body: PresetSpeechRequest, signal?: AbortSignal) =>
  spacedRequest<TtsResponse>('/elevenlabs/tts', {
    signal: signal ?? null,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export const getPresetTask = (taskId: string, signal?: AbortSignal) =>
  spacedRequest<PolledTask>(`/elevenlabs/task/${encodeURIComponent(taskId)}`, { signal: signal ?? null });
