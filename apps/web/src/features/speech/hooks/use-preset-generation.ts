import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { meQuery } from '@/features/account/api/get-me';
import { creditCost, hasEnoughCredits } from '@/features/account/lib/credits';
import { getPresetTask, type PresetSpeechRequest, submitPresetSpeech } from '../api/speech-tasks';
import { pollTask } from '../lib/poll-task';
import { POLLING, PRESET_STUDIO_TIMEOUT_MESSAGE, progressLabel } from '../lib/polling';
import { generateScreenError } from '../lib/task-errors';
import { taskIdFrom } from '../lib/tts-response';

export type GenerationState =
  | { phase: 'idle' }
  | { phase: 'generating'; label: string; percent: number | null }
  | { phase: 'done'; audioUrl: string }
  | { phase: 'error'; message: string };

/** The /dashboard2 generation flow of spec section 4, step by step. */
export function usePresetGeneration() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerationState>({ phase: 'idle' });
  const [creditsExhausted, setCreditsExhausted] = useState(false);
  const running = useRef<AbortController | null>(null);

  const generate = useCallback(
    async (request: PresetSpeechRequest, voiceKnown: boolean) => {
      if (!request.text.trim()) return setState({ phase: 'error', message: 'Please enter text to generate.' });
      if (!request.voice_id) return setState({ phase: 'error', message: 'Please select a voice.' });
      if (!voiceKnown) return setState({ phase: 'error', message: 'Selected voice not found.' });
      if (!(await hasEnoughCredits(creditCost(request.text)))) {
        setCreditsExhausted(true);
        return;
      }
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ phase: 'generating', label: 'Generating...', percent: null });
      try {
        const taskId = taskIdFrom(await submitPresetSpeech(request));
        if (!taskId) throw new Error('Failed to start voice generation: No task ID returned.');
        const { audioUrl } = await pollTask({
          getTask: () => getPresetTask(taskId),
          maxTries: POLLING.providerB.maxTries,
          delayMs: POLLING.providerB.delayMs,
          timeoutMessage: PRESET_STUDIO_TIMEOUT_MESSAGE,
          signal: controller.signal,
          onUpdate: (task) =>
            setState({
              phase: 'generating',
              label: progressLabel(task.progress, task.status),
              percent: typeof task.progress === 'number' ? task.progress : null,
            }),
        });
        setState({ phase: 'done', audioUrl });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ phase: 'error', message: generateScreenError(error) });
      } finally {
        // The server captured or released the held credits; show the new figure.
        void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      }
    },
    [queryClient],
  );

  return { state, generate, creditsExhausted, setCreditsExhausted };
}
