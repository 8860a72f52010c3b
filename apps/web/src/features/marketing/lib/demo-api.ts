import { apiRequest } from '@/lib/api-client';

export const DEMO_MODEL = 'speech-2.5-hd-preview';
export const SUBMIT_FAILED_MESSAGE = 'Failed to submit TTS request';
export const GENERATE_FAILED_MESSAGE = 'Failed to generate audio. Please try again.';
export const POLL_TIMEOUT_MESSAGE = 'Task polling timeout. Please try again with shorter text.';

/** The demo polls at most 60 times, 3 s apart (spec section 4). */
const DEMO_POLL_ATTEMPTS = 60;
const DEMO_POLL_DELAY_MS = 3000;

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

interface TaskResponse {
  status?: string;
  progress?: number;
  audio_url?: string;
  metadata?: { audio_url?: string };
  error_message?: string;
  error?: string;
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Submits the demo text and waits for its audio; resolves with the audio URL or throws a user-facing message. */
export async function onGenerate(text: string, voiceId: string, options: DemoGenerateOptions = {}): Promise<string> {
  const request = options.request ?? apiRequest;
  let submitted: SubmitResponse;
  try {
    submitted = await request<SubmitResponse>('/tts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(buildDemoRequest(text, voiceId)),
      signal: options.signal,
    });
  } catch {
    throw new Error(SUBMIT_FAILED_MESSAGE);
  }
  const taskId = submitted.task_id ?? submitted.id;
  if (submitted.success === false || !taskId) throw new Error(SUBMIT_FAILED_MESSAGE);
  return pollDemoTask(taskId, request, options);
}

async function pollDemoTask(taskId: string, request: Request, options: DemoGenerateOptions): Promise<string> {
  const wait = options.wait ?? sleep;
  for (let attempt = 0; attempt < DEMO_POLL_ATTEMPTS; attempt += 1) {
    await wait(DEMO_POLL_DELAY_MS);
    if (options.signal?.aborted) throw new Error(GENERATE_FAILED_MESSAGE);
    let task: TaskResponse;
    try {
      task = await request<TaskResponse>(`/task/${encodeURIComponent(taskId)}`, { signal: options.signal });
    } catch {
      throw new Error(GENERATE_FAILED_MESSAGE);
    }
    const audioUrl = task.audio_url ?? task.metadata?.audio_url;
    if (audioUrl) return audioUrl;
    if (/fail|error|cancel/i.test(task.status ?? '')) throw new Error(GENERATE_FAILED_MESSAGE);
    options.onProgress?.(typeof task.progress === 'number' ? task.progress : null);
  }
  throw new Error(POLL_TIMEOUT_MESSAGE);
}
