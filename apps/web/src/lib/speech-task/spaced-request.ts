import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * The spec's client rules for speech calls (section 7): at least 1000 ms apart, and on 429 wait
 * Retry-After (default 5 s). A busy server's 503 with Retry-After is waited out the same way.
 */
export const CALL_SPACING_MS = 1_000;
export const DEFAULT_RETRY_AFTER_S = 5;
const MAX_RATE_LIMIT_RETRIES = 3;
/** A 429 asking for a longer wait than this is an hourly or daily limit: say so rather than hang. */
export const MAX_RETRY_AFTER_S = 30;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let nextSlot = 0;
let queue: Promise<void> = Promise.resolve();

/** Waits for this call's turn: calls leave one at a time, each at least CALL_SPACING_MS after the last. */
function takeTurn(): Promise<void> {
  const turn = queue.then(async () => {
    const wait = nextSlot - Date.now();
    if (wait > 0) await sleep(wait);
    nextSlot = Date.now() + CALL_SPACING_MS;
  });
  queue = turn.catch(() => {});
  return turn;
}

function retryAfterSeconds(error: ApiError): number {
  const seconds = Number(error.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_S;
}

/**
 * A 429, or the server's busy answer: a 503 with Retry-After, which it sends only for a request it
 * refused before doing anything, so sending it again is safe.
 */
function isWaitAndRetry(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 429 || (error.status === 503 && error.retryAfter !== null));
}

export async function spacedRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    await takeTurn();
    try {
      return await apiRequest<T>(path, init);
    } catch (error) {
      if (!isWaitAndRetry(error) || attempt >= MAX_RATE_LIMIT_RETRIES) throw error;
      const seconds = retryAfterSeconds(error);
      // The error carries the server's own message, which the screen shows.
      if (seconds > MAX_RETRY_AFTER_S) throw error;
      await sleep(seconds * 1000);
    }
  }
}

/** For tests: forget the last call's time. */
export function resetSpacing(): void {
  nextSlot = 0;
  queue = Promise.resolve();
}
