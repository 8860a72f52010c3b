import type { ModelList, SubmittedTask, TaskView, VoiceList } from '@sayso/contract/speech';
import { apiRequest } from '@/lib/api-client';

const POLL_MS = 500;
const GIVE_UP_MS = 60_000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** The preset studio's first voice and model: what a rule is heard with. */
async function studioVoice(signal: AbortSignal): Promise<{ voiceId: string; modelId: string }> {
  const [voices, models] = await Promise.all([
    apiRequest<VoiceList>('/elevenlabs/voices', { signal }),
    apiRequest<ModelList>('/elevenlabs/models', { signal }),
  ]);
  const voiceId = voices.voices[0]?.voice_id;
  const modelId = models.models[0]?.model_id;
  if (!voiceId || !modelId) throw new Error('No voice is available to speak with.');
  return { voiceId, modelId };
}

/**
 * Speaks a rule's text with its dictionary, through the preset studio (a short speech task, paid
 * for like any other), and answers the audio's address once it is ready.
 */
export async function hearRule(text: string, dictionaryId: string, signal: AbortSignal): Promise<string> {
  const { voiceId, modelId } = await studioVoice(signal);
  const submitted = await apiRequest<SubmittedTask>('/elevenlabs/tts', {
    method: 'POST',
    signal,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      text,
      voice_id: voiceId,
      model_id: modelId,
      pronunciation_dictionary_ids: [dictionaryId],
    }),
  });
  const taskId = submitted.task_id ?? submitted.id;
  if (!taskId) throw new Error('The speech could not be started.');
  for (let waited = 0; waited < GIVE_UP_MS; waited += POLL_MS) {
    const task = await apiRequest<TaskView>(`/elevenlabs/task/${encodeURIComponent(taskId)}`, { signal });
    if (task.status === 'done' && task.audio_url) return task.audio_url;
    if (task.status === 'failed') throw new Error(task.error_message ?? 'The speech failed.');
    await wait(POLL_MS, signal);
  }
  throw new Error('The speech took too long. Please try again.');
}
