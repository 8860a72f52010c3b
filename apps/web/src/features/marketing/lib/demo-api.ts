import { pollTask } from '@/features/speech/lib/poll-task';
import { NO_AUDIO_URL_MESSAGE, POLLING, POLLING_TIMEOUT_MESSAGE } from '@/features/speech/lib/polling';
import { spacedRequest } from '@/features/speech/lib/spaced-request';
import { ApiError } from '@/lib/api-client';

export const DEMO_MODEL = 'speech-2.5-hd-preview';
export const SUBMIT_FAILED_MESSAGE = 'Failed to submit TTS request';
export const GENERATE_FAILED_MESSAGE = 'Failed to generate audio. Please try again.';
export const POLL_TIMEOUT_MESSAGE = POLLING_TIMEOUT_MESSAGE;

/** Provider A's speech request with the spec's defaults (spec section 3). */
export interface DemoSpeechRequest {
  text: string;
  model: string;
  voice_setting: { voice_id: string; vol: number; pitch: number; speed: number };
  language_boost: string;
  with_transcript: boolean;
}

interface SubmitResponse {
  success?: boolean;
  task_id?: string;
  id?: string;
  message?: string;
}

interface DemoTask {
  status?: string;
  progress?: number | null;
  audio_url?: string | null;
  metadata?: { audio_url?: string | null };
  error_message?: string | null;
  error?: string | null;
}

type Request = <T>(path: string, init?: RequestInit) => Promise<T>;

export interface DemoGenerateOptions {
  request?: Request;
  wait?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  onProgress?: (progress: number | null) => void;
}

export function buildDemoRequest(text: string, voiceId: string): DemoSpeechRequest {
  return {
    text,
    model: DEMO_MODEL,
    voice_setting: { voice_id: voiceId, vol: 1, pitch: 0, speed: 1 },
    language_boost: 'Auto',
    with_transcript: false,
  };
}

/** Submits the demo text and waits for its audio; resolves with the audio URL or throws a user-facing message. */
export async function onGenerate(text: string, voiceId: string, options: DemoGenerateOptions = {}): Promise<string> {
  const request = options.request ?? spacedRequest;
  let submitted: SubmitResponse;
  try {
    submitted = await request<SubmitResponse>('/tts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(buildDemoRequest(text, voiceId)),
      signal: options.signal,
    });
  } catch (error) {
    // A visitor over the demo's hourly limit learns to wait rather than seeing a bare failure.
    if (error instanceof ApiError && error.status === 429) throw new Error(error.message);
    throw new Error(SUBMIT_FAILED_MESSAGE);
  }
  if (submitted.success === false) throw new Error(submitted.message || SUBMIT_FAILED_MESSAGE);
  const taskId = submitted.task_id ?? submitted.id;
  if (!taskId) throw new Error(SUBMIT_FAILED_MESSAGE);

  try {
    const { audioUrl } = await pollTask<DemoTask>({
      getTask: () => request<DemoTask>(`/task/${encodeURIComponent(taskId)}`, { signal: options.signal }),
      maxTries: POLLING.demo.maxTries,
      delayMs: POLLING.demo.delayMs,
      timeoutMessage: POLL_TIMEOUT_MESSAGE,
      signal: options.signal,
      wait: options.wait,
      onUpdate: (task) => options.onProgress?.(typeof task.progress === 'number' ? task.progress : null),
    });
    return audioUrl;
  } catch (error) {
    // The poller's own two messages say more than the generic one; anything else is a failed generation.
    const message = error instanceof Error ? error.message : '';
    if (message === NO_AUDIO_URL_MESSAGE || message === POLL_TIMEOUT_MESSAGE) throw error;
    throw new Error(GENERATE_FAILED_MESSAGE);
  }
}
