import type { PolledTask } from '@/lib/speech-task/poll-task';
import { spacedRequest } from '@/lib/speech-task/spaced-request';
import type { TtsResponse } from '@/lib/speech-task/tts-response';

export interface PresetSpeechRequest {
  text: string;
  voice_id: string;
  model_id: string;
  with_transcript: boolean;
  speed: number;
  pitch: number;
  volume: number;
}

export const submitPresetSpeech = (body: PresetSpeechRequest) =>
  spacedRequest<TtsResponse>('/elevenlabs/tts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export const getPresetTask = (taskId: string) =>
  spacedRequest<PolledTask>(`/elevenlabs/task/${encodeURIComponent(taskId)}`);
