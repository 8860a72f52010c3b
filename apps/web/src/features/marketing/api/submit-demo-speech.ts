import type { SubmittedTask } from '@sayso/contract/speech';
import { providerASpeechRequest, submitProviderASpeech } from '@/lib/speech-task/provider-a-speech';
import type { SubmittedSpeech } from '@/lib/speech-task/use-speech-task';

export interface DemoSpeechInput {
  text: string;
  voiceId: string;
}

/** What POST /api/tts answers the landing demo; any field may be missing. */
type DemoSubmitAnswer = Partial<SubmittedTask>;

/** The server answered `success: false`; its message, when it sent one, is for the visitor. */
export class DemoRefusedError extends Error {
  override name = 'DemoRefusedError';
}

/** Submits the demo text with the spec's default voice settings and resolves with the task id and its stream link. */
export async function submitDemoSpeech(
  { text, voiceId }: DemoSpeechInput,
  signal: AbortSignal,
): Promise<SubmittedSpeech> {
  const body = providerASpeechRequest(text, voiceId, { speed: 1, volume: 1, pitch: 0 }, false);
  const answer = await submitProviderASpeech<DemoSubmitAnswer>(body, { signal });
  if (answer.success === false) throw new DemoRefusedError(answer.message ?? '');
  const taskId = answer.task_id ?? answer.id;
  if (!taskId) throw new Error('The demo submission returned no task id');
  return { taskId, streamUrl: answer.stream_url ?? null };
}
