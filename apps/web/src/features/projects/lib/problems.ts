import { ApiError } from '@/lib/api-client';

/** What the screen says about a failed call, and whether buying credits would help. */
export interface Problem {
  message: string;
  /** The balance is short: the message links to the pricing page. */
  needsCredits: boolean;
}

const FALLBACK = 'Something went wrong. Please try again.';

/** A failure as the screen shows it: the server's words, chosen and acted on by code (decision 0041). */
export function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) {
    return { message: error.message || FALLBACK, needsCredits: error.code === 'INSUFFICIENT_CREDITS' };
  }
  return { message: FALLBACK, needsCredits: false };
}

/** Whether an export was refused only because some blocks have no audio yet. */
export const isNotRendered = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'PROJECT_NOT_RENDERED';

/** A failed block's error code in words. */
const BLOCK_FAILURES: Record<string, string> = {
  VOICE_UNAVAILABLE: 'The voice is no longer available.',
  INSUFFICIENT_CREDITS: 'Your credits ran out.',
  TIMEOUT: 'The speech engine took too long.',
  RATE_LIMITED: 'The speech engine was busy.',
};

export const blockFailure = (code: string | null): string =>
  (code && BLOCK_FAILURES[code]) || 'This paragraph could not be rendered.';
