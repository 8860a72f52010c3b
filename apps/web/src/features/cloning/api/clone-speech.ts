import { getProviderATask, providerASpeechRequest, submitProviderASpeech } from '@/lib/speech-task/provider-a-speech';
import { type TtsResponse, taskIdFrom } from '@/lib/speech-task/tts-response';
import type { SubmittedSpeech } from '@/lib/speech-task/use-speech-task';
import { findTaskByText } from '../lib/task-search';
import { listProviderATasks, sleep } from './task-list';

export interface CloneSpeechRequest {
  text: string;
  voiceId: string;
  speed: number;
  volume: number;
  pitch: number;
  /** The pronunciation dictionaries chosen in the studio, if any. */
  dictionaryIds?: string[];
}

/**
 * Sends the text to be spoken with a cloned voice, with a transcript. Resolves with the task id
 * (and the link its audio streams from);
 * when the answer carries none, the task is looked up in the task list by its text (spec section 4).
 * `signal` (the attempt's: it aborts when the studio unmounts or the attempt stops) ends that search too.
 */
export async function submitCloneSpeech(request: CloneSpeechRequest, signal?: AbortSignal): Promise<SubmittedSpeech> {
  const dictionaries = request.dictionaryIds?.length ? { pronunciation_dictionary_ids: request.dictionaryIds } : {};
  const body = { ...providerASpeechRequest(request.text, request.voiceId, request, true), ...dictionaries };
  const answer = await submitProviderASpeech<TtsResponse>(body, { signal: signal ?? null });
  const taskId = taskIdFrom(answer);
  if (taskId) return { taskId, streamUrl: answer.stream_url ?? null };
  const search = signal ? { signal } : {};
  return {
    taskId: await findTaskByText(request.text, (listSignal) => listProviderATasks(sleep, listSignal), sleep, search),
  };
}

export const getCloneSpeechTask = (taskId: string, signal?: AbortSignal) =>
  getProviderATask(taskId, { signal: signal ?? null });
