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
}

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
  retry: { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30_000 },
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
 * Runs `attempt` and retries it while `retryable` says so: after the provider's Retry-After when it
 * gave one, else with exponential backoff and jitter. Non-retryable errors surface at once.
 */
export async function withRetries<T>(
  http: ProviderHttp,
  attempt: () => Promise<T>,
  retryable: (error: unknown) => boolean,
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= http.retry.maxRetries || !retryable(error)) throw error;
      const backoff = http.retry.baseDelayMs * 2 ** retry * (1 + http.random() / 2);
      await http.sleep(Math.min(http.retry.maxDelayMs, retryAfterOf(error) ?? backoff));
    }
  }
}

/** The wait a provider asked for, from any error that carries one (an adapter's own error types may). */
function retryAfterOf(error: unknown): number | null {
  const told = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof told === 'number' && Number.isFinite(told) ? told : null;
}

/** HTTP failures worth another try: rate limits, server errors, timeouts and dropped connections. */
export function isTransient(error: unknown): boolean {
  if (error instanceof ProviderHttpError) return error.status === 429 || error.status >= 500;
  return error instanceof ProviderTimeoutError || error instanceof TypeError;
}
