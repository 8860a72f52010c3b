import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { creditCost, hasEnoughCredits } from '@/lib/account/credits';
import { meQueryKey } from '@/lib/account/get-me';
import { POLLING, PRESET_STUDIO_TIMEOUT_MESSAGE } from '@/lib/speech-task/polling';
import { generateScreenError } from '@/lib/speech-task/task-errors';
import { taskIdFrom } from '@/lib/speech-task/tts-response';
import { type SubmittedSpeech, useSpeechTask } from '@/lib/speech-task/use-speech-task';
import { getPresetTask, type PresetSpeechRequest, submitPresetSpeech } from '../api/speech-tasks';

export const NO_TASK_ID_MESSAGE = 'Failed to start voice generation: No task ID returned.';

/** What stops a /dashboard2 request before anything is sent, in the spec's order; null when it may go. */
export function presetRequestProblem(request: PresetSpeechRequest, voiceKnown: boolean): string | null {
  if (!request.text.trim()) return 'Please enter text to generate.';
  if (!request.voice_id) return 'Please select a voice.';
  if (!voiceKnown) return 'Selected voice not found.';
  return null;
}

async function submit(request: PresetSpeechRequest): Promise<SubmittedSpeech> {
  const answer = await submitPresetSpeech(request);
  const taskId = taskIdFrom(answer);
  if (!taskId) throw new Error(NO_TASK_ID_MESSAGE);
  return { taskId, streamUrl: answer.stream_url ?? null };
}

/** The /dashboard2 generation flow of spec section 4: checks, the credits hint, then submit and poll. */
export function usePresetGeneration() {
  const queryClient = useQueryClient();
  const [creditsExhausted, setCreditsExhausted] = useState(false);
  const { state, start, fail } = useSpeechTask<PresetSpeechRequest>({
    submit,
    getTask: (taskId) => getPresetTask(taskId),
    schedule: POLLING.providerB,
    timeoutMessage: PRESET_STUDIO_TIMEOUT_MESSAGE,
    describeError: (error) => generateScreenError(error),
    // The server captured or released the held credits; show the new figure.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });

  const generate = useCallback(
    async (request: PresetSpeechRequest, voiceKnown: boolean) => {
      const problem = presetRequestProblem(request, voiceKnown);
      if (problem) return fail(problem);
      if (!(await hasEnoughCredits(creditCost(request.text)))) {
        setCreditsExhausted(true);
        return;
      }
      await start(request);
    },
    [start, fail],
  );

  return { state, generate, creditsExhausted, setCreditsExhausted };
}
