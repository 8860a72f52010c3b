import type { TaskView } from '@sayso/contract/speech';
import { ApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';

/** The spec's task failure table (section 8): what a person sees for each kind of failure. */
export const VOICE_PROCESSING_MESSAGE =
  'Voice processing error: the voice may be corrupted; create a new clone with better audio, use a different voice, or use a file of at least 10 seconds';

/**
 * The table's lines by the failed task's code (docs/api.md). A code not listed here shows the
 * server's own message; a task with neither shows 'Unknown error occurred'.
 */
const TASK_FAILURE_LINES: Readonly<Record<string, string>> = {
  VOICE_PROCESSING: VOICE_PROCESSING_MESSAGE,
  TEXT_TOO_LONG: 'The text is too long. Please use shorter text.',
  VOICE_UNAVAILABLE: 'The selected voice is not available. Please select a different voice.',
  TIMEOUT: 'Request timed out. Please try again.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  INVALID_INPUT: 'Invalid input. Please check your text and voice selection.',
  UNKNOWN_FAILURE: 'Unknown error occurred',
};

/** A task that ended failed, with the code it failed with (null when the server sent none). */
export class TaskFailedError extends Error {
  constructor(
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'TaskFailedError';
  }
}

type FailedTask = Partial<Pick<TaskView, 'error_code' | 'error_message' | 'error'>>;

/**
 * The error a failed task's poller throws: its line of the failure table, chosen by code, so a
 * server that rewords a message changes nothing here. Only a failed task's own error goes through
 * the table: polling timeouts, missing audio URLs and submission errors keep their own words.
 */
export function taskFailure(task: FailedTask): TaskFailedError {
  const code = task.error_code ?? null;
  const line = code ? TASK_FAILURE_LINES[code] : undefined;
  return new TaskFailedError(code, line ?? task.error_message ?? task.error ?? '');
}

/** Whether a failure is the corrupted-voice kind, for which the cloning screen lists remedies. */
export const isVoiceProcessingFailure = (error: unknown): boolean =>
  error instanceof TaskFailedError && error.code === 'VOICE_PROCESSING';

/** A request that never reached the server: our client's code, or the browser's own error by name. */
const isNetworkFailure = (error: unknown): boolean =>
  (error instanceof ApiError && error.code === NETWORK_ERROR_CODE) ||
  // The browser's own: a DOMException, which is not an Error everywhere.
  (typeof error === 'object' && error !== null && 'name' in error && error.name === 'NetworkError');

/** The generate screens' wording for an error thrown while generating (spec section 8). */
export function generateScreenError(error: unknown, fallback = 'Failed to generate voice'): string {
  if (isNetworkFailure(error)) return 'Network error. Please check your connection and try again.';
  // A failed task that said nothing at all: the spec's 'Task failed' case.
  if (error instanceof TaskFailedError && !error.code && !error.message) return 'Error generating voice. Try again.';
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : fallback;
}
