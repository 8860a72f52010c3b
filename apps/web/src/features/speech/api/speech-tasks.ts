import { spacedRequest } from '../lib/spaced-request';
import type { TtsResponse } from '../lib/tts-response';

/** A task as GET /api/elevenlabs/task/{id} answers (spec section 3, 'Task (polled)'). */
export interface SpeechTask {
  task_id?: string;
  id?: string;
  status?: string;
  progress?: number | null;
  error_message?: string | null;
  error?: string | null;
  audio_url?: string | null;
  transcript_url?: string | null;
  metadata?: { audio_url?: string | null; voice_id?: string };
}

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
  spacedRequest<SpeechTask>(`/elevenlabs/task/${encodeURIComponent(taskId)}`);
