import { ApiError } from '@/lib/api-client';
import { PollingStoppedError } from '@/lib/speech-task/polling';
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
  return error instanceof PollingStoppedError ? error.message : GENERATE_FAILED_MESSAGE;
}
