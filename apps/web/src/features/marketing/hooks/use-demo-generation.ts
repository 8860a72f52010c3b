import { POLLING, POLLING_TIMEOUT_MESSAGE } from '@/lib/speech-task/polling';
import { getProviderATask } from '@/lib/speech-task/provider-a-speech';
import { useSpeechTask } from '@/lib/speech-task/use-speech-task';
import { type DemoSpeechInput, submitDemoSpeech } from '../api/submit-demo-speech';
import { describeDemoError } from '../lib/demo-errors';

/** The landing demo: submit, then poll every 3 s for at most 60 tries. */
export function useDemoGeneration() {
  // useSpeechTask stops polling when the visitor leaves the page.
  return useSpeechTask<DemoSpeechInput>({
    submit: submitDemoSpeech,
    getTask: (taskId, signal) => getProviderATask(taskId, { signal }),
    schedule: POLLING.demo,
    timeoutMessage: POLLING_TIMEOUT_MESSAGE,
    describeError: describeDemoError,
  });
}
