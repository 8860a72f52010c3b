import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { meQuery } from '@/features/account/api/get-me';
import { listProviderATasks } from '@/features/speech/api/task-list';
import { pollTask } from '@/features/speech/lib/poll-task';
import { POLLING, POLLING_TIMEOUT_MESSAGE } from '@/features/speech/lib/polling';
import { spacedRequest } from '@/features/speech/lib/spaced-request';
import { generateScreenError } from '@/features/speech/lib/task-errors';
import { type TtsResponse, taskIdFrom } from '@/features/speech/lib/tts-response';
import { findTaskByText } from '../lib/task-search';

export type CloneGeneration =
  | { phase: 'idle' }
  | { phase: 'generating'; status: string | null; percent: number | null }
  | { phase: 'done'; audioUrl: string; transcriptUrl: string | null; justFinished: boolean }
  | { phase: 'error'; message: string };

interface ProviderATask {
  status?: string;
  progress?: number | null;
  error_message?: string | null;
  audio_url?: string | null;
  transcript_url?: string | null;
  metadata?: { audio_url?: string | null };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The /dashboard3 flow: submit provider A speech with the cloned voice, find the task, poll it. */
export function useCloneGeneration() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CloneGeneration>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);

  const generate = useCallback(
    async (request: { text: string; voiceId: string; speed: number; volume: number; pitch: number }) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ phase: 'generating', status: null, percent: null });
      try {
        const answer = await spacedRequest<TtsResponse>('/tts', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            text: request.text,
            model: 'speech-2.5-hd-preview',
            voice_setting: {
              voice_id: request.voiceId,
              vol: request.volume,
              pitch: request.pitch,
              speed: request.speed,
            },
            language_boost: 'Auto',
            with_transcript: true,
          }),
        });
        const taskId = taskIdFrom(answer) ?? (await findTaskByText(request.text, () => listProviderATasks(), sleep));
        const { task, audioUrl } = await pollTask<ProviderATask>({
          getTask: () => spacedRequest<ProviderATask>(`/task/${encodeURIComponent(taskId)}`),
          maxTries: POLLING.providerA.maxTries,
          delayMs: POLLING.providerA.delayMs,
          timeoutMessage: POLLING_TIMEOUT_MESSAGE,
          signal: controller.signal,
          onUpdate: (update) =>
            setState({
              phase: 'generating',
              status: update.status ?? null,
              percent: typeof update.progress === 'number' ? update.progress : null,
            }),
        });
        setState({ phase: 'done', audioUrl, transcriptUrl: task.transcript_url ?? null, justFinished: true });
        // 'Voice generation completed!' shows for 3 s.
        setTimeout(() => {
          setState((current) => (current.phase === 'done' ? { ...current, justFinished: false } : current));
        }, 3_000);
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ phase: 'error', message: generateScreenError(error) });
      } finally {
        void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      }
    },
    [queryClient],
  );

  return { state, generate };
}
