/** A provider answered with an HTTP error status (its body kept for the adapter to read). */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly retryAfterMs: number | null,
  ) {
    super(`provider answered HTTP ${status}`);
    this.name = 'ProviderHttpError';
  }
}

/** The call took longer than the adapter allows. */
export class ProviderTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`provider call timed out after ${timeoutMs} ms`);
    this.name = 'ProviderTimeoutError';
  }
}

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** The first backoff; each retry doubles it, plus up to 50% random jitter. */
  baseDelayMs: number;
  /** The longest single wait, Retry-After included. */
  maxDelayMs: number;
  /**
   * The first backoff after a rate limit. Providers count requests per minute, so a retry half a
   * second later lands in the same window and is refused again: these waits start at seconds.
   */
  rateLimitBaseDelayMs: number;
  /** The longest wait after a rate limit (a full window), Retry-After included. */
  rateLimitMaxDelayMs: number;
}

/**
 * Why a failed call may be tried again: `transient` (a dropped connection, a timeout, a server
 * error) soon, `rate_limit` (the provider refused for now) only after its window has moved on.
 */
export type RetryClass = 'transient' | 'rate_limit';

export interface ProviderHttp {
  fetch: typeof fetch;
  timeoutMs: number;
  retry: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const defaultProviderHttp = (overrides: Partial<ProviderHttp> = {}): ProviderHttp => ({
  fetch: globalThis.fetch,
  timeoutMs: 60_000,
  retry: {
    maxRetries: 3,
    baseDelayMs: 500,
    maxDelayMs: 30_000,
    rateLimitBaseDelayMs: 10_000,
    rateLimitMaxDelayMs: 60_000,
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
  ...overrides,
});

/** Seconds or an HTTP date, as Retry-After may carry either. */
function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Sends one request with a timeout; an HTTP error status becomes a ProviderHttpError. */
export async function send(http: ProviderHttp, url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await http.fetch(url, { ...init, signal: AbortSignal.timeout(http.timeoutMs) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new ProviderTimeoutError(http.timeoutMs);
    throw error;
  }
  if (!response.ok) {
    throw new ProviderHttpError(
      response.status,
      await response.text(),
      retryAfterMs(response.headers.get('retry-after')),
    );
  }
  return response;
}

/**
 * Runs `attempt` and retries it while `classify` names a reason: after the provider's Retry-After
 * when it gave one, else with exponential backoff and jitter (seconds apart for a rate limit,
 * milliseconds for anything else). Errors `classify` gives no reason for surface at once.
 */
export async function withRetries<T>(
  http: ProviderHttp,
  attempt: () => Promise<T>,
  classify: (error: unknown) => RetryClass | null,
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      const reason = retry < http.retry.maxRetries ? classify(error) : null;
      if (!reason) throw error;
      await http.sleep(retryDelayMs(http, reason, retry, error));
    }
  }
}

/** How long to wait before retry number `retry` (0 for the first). */
export function retryDelayMs(http: ProviderHttp, reason: RetryClass, retry: number, error: unknown): number {
  const { retry: policy } = http;
  const [base, max] =
    reason === 'rate_limit'
      ? [policy.rateLimitBaseDelayMs, policy.rateLimitMaxDelayMs]
      : [policy.baseDelayMs, policy.maxDelayMs];
  const backoff = base * 2 ** retry * (1 + http.random() / 2);
  return Math.min(max, retryAfterOf(error) ?? backoff);
}

/** The wait a provider asked for, from any error that carries one (an adapter's own error types may). */
function retryAfterOf(error: unknown): number | null {
  const told = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof told === 'number' && Number.isFinite(told) ? told : null;
}

/**
 * HTTP failures worth another try: a 429 after the rate-limit wait; server errors, timeouts and
 * dropped connections soon. Only for calls that are safe to repeat: after a timeout or a 5xx the
 * provider may have done the work already.
 */
export function httpRetryClass(error: unknown): RetryClass | null {
  if (error instanceof ProviderHttpError) {
    if (error.status === 429) return 'rate_limit';
    return error.status >= 500 ? 'transient' : null;
  }
  return error instanceof ProviderTimeoutError || error instanceof TypeError ? 'transient' : null;
}
