import { ApiError } from '@/lib/api-client';
import { NO_AUDIO_URL_MESSAGE, POLLING_TIMEOUT_MESSAGE } from '@/lib/speech-task/polling';
import type { SpeechTaskStage } from '@/lib/speech-task/use-speech-task';
import { DemoRefusedError } from '../api/submit-demo-speech';

export const SUBMIT_FAILED_MESSAGE = 'Failed to submit TTS request';
export const GENERATE_FAILED_MESSAGE = 'Failed to generate audio. Please try again.';

/** The landing demo's words for a failure: a refused submission and a failed generation differ. */
export function describeDemoError(error: unknown, stage: SpeechTaskStage): string {
  if (stage === 'submit') {
    // A visitor over the demo's hourly limit learns to wait rather than seeing a bare failure.
    if (error instanceof ApiError && error.status === 429) return error.message;
    if (error instanceof DemoRefusedError && error.message) return error.message;
    return SUBMIT_FAILED_MESSAGE;
  }
  // The poller's own two messages say more than the generic one; anything else is a failed generation.
  const message = error instanceof Error ? error.message : '';
  if (message === NO_AUDIO_URL_MESSAGE || message === POLLING_TIMEOUT_MESSAGE) return message;
  return GENERATE_FAILED_MESSAGE;
}
