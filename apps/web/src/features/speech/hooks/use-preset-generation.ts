import { MAX_TEXT_LENGTH } from '@sayso/contract/speech';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { creditCost, hasEnoughCredits } from '@/lib/account/credits';
import { type Me, meQueryKey } from '@/lib/account/get-me';
import { POLLING, PRESET_STUDIO_TIMEOUT_MESSAGE } from '@/lib/speech-task/polling';
import { generateScreenError } from '@/lib/speech-task/task-errors';
import { taskIdFrom } from '@/lib/speech-task/tts-response';
import { type SubmittedSpeech, useSpeechTask } from '@/lib/speech-task/use-speech-task';
import { getPresetTask, type PresetSpeechRequest, submitPresetSpeech } from '../api/speech-tasks';

/** The spec's message for a text over the hard maximum (section 5), the server's words for the same refusal. */
export const TEXT_OVER_LIMIT_MESSAGE = 'Text exceeds maximum length of 50,000 characters';

/** The server refuses a text longer than the limit as sent (spaces included), so this counts the same way. */
export const textOverLimit = (text: string): boolean => text.length > MAX_TEXT_LENGTH;

export const NO_TASK_ID_MESSAGE = 'Failed to start voice generation: No task ID returned.';

/** What stops a /dashboard2 request before anything is sent, in the spec's order; null when it may go. */
export function presetRequestProblem(request: PresetSpeechRequest, voiceKnown: boolean): string | null {
  if (!request.text.trim()) return 'Please enter text to generate.';
  if (!request.voice_id) return 'Please select a voice.';
  if (!voiceKnown) return 'Selected voice not found.';
  return null;
}

/** Why /dashboard2's Generate cannot be pressed yet, said beside it; null when it can. */
export function presetGenerateBlocker({
  voicesLoading,
  voiceChosen,
  modelsLoading,
  text,
}: {
  voicesLoading: boolean;
  voiceChosen: boolean;
  modelsLoading: boolean;
  text: string;
}): string | null {
  if (voicesLoading) return 'Loading voices…';
  if (!voiceChosen) return 'Choose a voice first';
  if (modelsLoading) return 'Loading models…';
  if (!text.trim()) return 'Enter some text';
  if (textOverLimit(text)) return TEXT_OVER_LIMIT_MESSAGE;
  return null;
}

async function submit(request: PresetSpeechRequest, signal: AbortSignal): Promise<SubmittedSpeech> {
  const answer = await submitPresetSpeech(request, signal);
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
    getTask: (taskId, signal) => getPresetTask(taskId, signal),
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
      // The figure on screen is fresh (the account's live updates keep it so): asking the server
      // again would only delay the submission. Without one, the server is asked.
      const known = queryClient.getQueryData<Me>(meQueryKey)?.credits;
      const cost = creditCost(request.text);
      if (!(typeof known === 'number' ? known >= cost : await hasEnoughCredits(cost))) {
        setCreditsExhausted(true);
        return;
      }
      await start(request);
    },
    [start, fail, queryClient],
  );

  return { state, generate, creditsExhausted, setCreditsExhausted };
}
