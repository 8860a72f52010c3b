import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { meQueryKey } from '@/lib/account/get-me';
import { POLLING, POLLING_TIMEOUT_MESSAGE } from '@/lib/speech-task/polling';
import { generateScreenError } from '@/lib/speech-task/task-errors';
import { useSpeechTask } from '@/lib/speech-task/use-speech-task';
import { type CloneSpeechRequest, getCloneSpeechTask, submitCloneSpeech } from '../api/clone-speech';

/** How long 'Voice generation completed!' shows above a new result. */
export const COMPLETED_NOTICE_MS = 3_000;

/** The /dashboard3 flow: submit provider A speech with the cloned voice, find the task, poll it. */
export function useCloneGeneration() {
  const queryClient = useQueryClient();
  const [justFinished, setJustFinished] = useState(false);
  const { state, start } = useSpeechTask<CloneSpeechRequest>({
    submit: submitCloneSpeech,
    getTask: (taskId, signal) => getCloneSpeechTask(taskId, signal),
    schedule: POLLING.providerA,
    timeoutMessage: POLLING_TIMEOUT_MESSAGE,
    describeError: (error) => generateScreenError(error),
    onDone: () => {
      setJustFinished(true);
      setTimeout(() => setJustFinished(false), COMPLETED_NOTICE_MS);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
  return { state, justFinished, generate: start };
}
