import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * The spec's client rules for speech calls (section 7): at least 1000 ms apart, and on 429 wait
 * Retry-After (default 5 s). A busy server's 503 with Retry-After is waited out the same way.
 *
 * Calls go in two lanes (decision 0039). A person's own action, a submission or a reading of their
 * task, is a 'user' call: it keeps 1000 ms from the previous user call but never waits behind the
 * page's background calls. A 'background' call (the voice and model lists a page loads on its
 * own) keeps 1000 ms from every call of either lane and lets waiting user calls go first. So the
 * server still never sees two calls of one page within a second from the same lane, and a Generate
 * pressed right after arriving leaves at once instead of a second or two later.
 */
export const CALL_SPACING_MS = 1_000;
export const DEFAULT_RETRY_AFTER_S = 5;
const MAX_RATE_LIMIT_RETRIES = 3;
/** A 429 asking for a longer wait than this is an hourly or daily limit: say so rather than hang. */
export const MAX_RETRY_AFTER_S = 30;

export type CallPriority = 'user' | 'background';

/**
 * Resolves after `ms`, or at once when `signal` aborts. A call nobody wants any more must not hold
 * its lane: whoever waits behind it goes on at once.
 */
function pause(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Rejects at once when `signal` aborts, else settles as `turn` does. */
function unlessAborted(turn: Promise<void>, signal?: AbortSignal | null): Promise<void> {
  if (!signal) return turn;
  return new Promise<void>((resolve, reject) => {
    const leave = () => reject(signal.reason);
    if (signal.aborted) return leave();
    signal.addEventListener('abort', leave, { once: true });
    turn.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
  });
}

/** When each lane may next send: a user call spaces only user calls; any call spaces background calls. */
let nextUserSlot = 0;
let nextBackgroundSlot = 0;
let userQueue: Promise<void> = Promise.resolve();
let backgroundQueue: Promise<void> = Promise.resolve();
let userCallsWaiting = 0;

function noteCallSent(priority: CallPriority): void {
  const next = Date.now() + CALL_SPACING_MS;
  if (priority === 'user') nextUserSlot = next;
  nextBackgroundSlot = Math.max(nextBackgroundSlot, next);
}

/**
 * A user call's turn: one at a time, each at least CALL_SPACING_MS after the last user call. A
 * call aborted while it waits leaves the line at once: it stops counting as waiting, its turn
 * passes without a pause, and it sends nothing, so it moves no slot on.
 */
function takeUserTurn(signal?: AbortSignal | null): Promise<void> {
  userCallsWaiting += 1;
  let waiting = true;
  const stopWaiting = () => {
    if (!waiting) return;
    waiting = false;
    userCallsWaiting -= 1;
    signal?.removeEventListener('abort', stopWaiting);
  };
  signal?.addEventListener('abort', stopWaiting, { once: true });
  const turn = userQueue.then(async () => {
    const wait = nextUserSlot - Date.now();
    if (wait > 0) await pause(wait, signal);
    stopWaiting();
    if (!signal?.aborted) noteCallSent('user');
  });
  userQueue = turn.catch(() => {});
  return unlessAborted(turn, signal);
}

/**
 * A background call's turn: at least CALL_SPACING_MS after any call, and after every user call
 * already waiting. A user call sent while it waited moves its slot on, so it checks again.
 */
function takeBackgroundTurn(signal?: AbortSignal | null): Promise<void> {
  const turn = backgroundQueue.then(async () => {
    while (!signal?.aborted) {
      const wait = nextBackgroundSlot - Date.now();
      if (wait > 0) await pause(wait, signal);
      else if (userCallsWaiting > 0) await userQueue;
      else {
        noteCallSent('background');
        return;
      }
    }
  });
  backgroundQueue = turn.catch(() => {});
  return unlessAborted(turn, signal);
}

const takeTurn = (priority: CallPriority, signal?: AbortSignal | null) =>
  priority === 'user' ? takeUserTurn(signal) : takeBackgroundTurn(signal);

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

/** An API call under the spacing rules; `priority` says which lane it goes in (a person's action by default). */
export async function spacedRequest<T>(
  path: string,
  init: RequestInit = {},
  { priority = 'user' }: { priority?: CallPriority } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    await takeTurn(priority, init.signal);
    try {
      return await apiRequest<T>(path, init);
    } catch (error) {
      if (!isWaitAndRetry(error) || attempt >= MAX_RATE_LIMIT_RETRIES) throw error;
      const seconds = retryAfterSeconds(error);
      // The error carries the server's own message, which the screen shows.
      if (seconds > MAX_RETRY_AFTER_S) throw error;
      // The server asked this page to wait: background calls hold off for as long.
      nextBackgroundSlot = Math.max(nextBackgroundSlot, Date.now() + seconds * 1000);
      await pause(seconds * 1000, init.signal);
      init.signal?.throwIfAborted();
    }
  }
}

/** For tests: forget the last calls' times. */
export function resetSpacing(): void {
  nextUserSlot = 0;
  nextBackgroundSlot = 0;
  userQueue = Promise.resolve();
  backgroundQueue = Promise.resolve();
  userCallsWaiting = 0;
}
