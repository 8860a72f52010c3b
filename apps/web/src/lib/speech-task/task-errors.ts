/** The spec's task failure table (section 8): what a person sees for each kind of failure. */
export const VOICE_PROCESSING_MESSAGE =
  'Voice processing error: the voice may be corrupted; create a new clone with better audio, use a different voice, or use a file of at least 10 seconds';

/**
 * Applies only to the error message of a task that failed (status error or failed): polling
 * timeouts, missing audio URLs and submission errors keep their own words.
 */
const RULES: { test: RegExp; message: string }[] = [
  {
    test: /tts_chunk_error|chunk/i,
    message: VOICE_PROCESSING_MESSAGE,
  },
  { test: /text too long|exceeds max/i, message: 'The text is too long. Please use shorter text.' },
  {
    test: /voice not found|invalid voice/i,
    message: 'The selected voice is not available. Please select a different voice.',
  },
  { test: /timeout/i, message: 'Request timed out. Please try again.' },
  { test: /rate limit/i, message: 'Too many requests. Please wait a moment and try again.' },
  { test: /invalid input|bad request/i, message: 'Invalid input. Please check your text and voice selection.' },
];

export function friendlyTaskError(message: string | null | undefined): string {
  if (!message) return 'Unknown error occurred';
  return RULES.find((rule) => rule.test.test(message))?.message ?? message;
}

/**
 * Whether the failure is the corrupted-voice kind, for which the cloning screen lists remedies;
 * true for the raw task error and for the message already mapped by friendlyTaskError.
 */
export const isVoiceProcessingError = (message: string | null | undefined): boolean =>
  Boolean(message && (message === VOICE_PROCESSING_MESSAGE || RULES[0]?.test.test(message)));

/** The generate screens' wording for an error thrown while generating (spec section 8). */
export function generateScreenError(error: unknown, fallback = 'Failed to generate voice'): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (/NetworkError/.test(message)) return 'Network error. Please check your connection and try again.';
  if (message === 'Task failed') return 'Error generating voice. Try again.';
  return message || fallback;
}
