import { performance } from 'node:perf_hooks';
import autocannon, { type Client, type Request } from 'autocannon';

export interface LoadResult {
  name: string;
  requests: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  failures: number;
  /** Requests with no answer within the timeout. */
  timeouts: number;
  medianMs: number;
  p99Ms: number;
  requestsPerSecond: number;
  /** Answers by status code, for the failures a table cannot show. */
  statuses: Record<string, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export interface LoadOptions {
  connections: number;
  /** Seconds of load; or `amount`, a fixed number of requests. */
  duration?: number;
  amount?: number;
  /** Seconds a request may go unanswered before it counts as a timeout (autocannon's default is 10). */
  timeout?: number;
  /**
   * The request of every connection, or of each one (connections are numbered from 0): one
   * request, or several it sends in turn.
   */
  request?: Request | ((connection: number) => Request | Request[]);
}

/**
 * Loads one address with autocannon, in this process: each of `connections` keep-alive
 * connections sends its next request as soon as the previous one is answered. autocannon reaches
 * tens of thousands of requests a second on one core, so the floor measured is the server's.
 */
export async function runCannon(name: string, url: string, options: LoadOptions): Promise<LoadResult> {
  const { request } = options;
  let next = 0;
  const started = performance.now();
  let lastAnswer = started;
  const run = autocannon({
    url,
    connections: options.connections,
    timeout: options.timeout ?? 10,
    ...(options.amount === undefined ? { duration: options.duration ?? 5 } : { amount: options.amount }),
    ...(typeof request === 'object' ? request : {}),
    ...(typeof request === 'function'
      ? {
          setupClient: (client: Client) => {
            const mine = request(next);
            // Always a list: after a request given with setRequest, autocannon goes back to its
            // default request (GET of the base URL) for every later one.
            client.setRequests(Array.isArray(mine) ? mine : [mine]);
            next += 1;
          },
        }
      : {}),
  });
  run.on('response', () => {
    lastAnswer = performance.now();
  });
  const result = await run;
  // autocannon's own duration counts whole seconds (and its promise waits for the next tick):
  // the time to the last answer, so a fixed number of requests that took 1.4 s is not 1 or 2.
  const seconds = (lastAnswer - started) / 1000;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
  return {
    name,
    requests: result.requests.total,
    failures: result.errors + result.non2xx,
    timeouts: result.timeouts,
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.total / seconds,
    statuses,
  };
}

/**
 * Sends `requests` requests with fetch from `connections` concurrent clients. Slower than the
 * server on fast routes (about 3.4k req/s at most), so route figures come from runCannon; this
 * stays for scenarios that measure latency beside other work (bench/src/neural-renders.ts).
 */
export async function runLoad(
  name: string,
  url: string,
  { requests, connections, init }: { requests: number; connections: number; init?: RequestInit },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let sent = 0;
  let failures = 0;
  const started = performance.now();
  async function client() {
    while (sent < requests) {
      sent += 1;
      const t0 = performance.now();
      try {
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: connections }, () => client()));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    failures,
    timeouts: 0,
    medianMs: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    requestsPerSecond: latencies.length / seconds,
    statuses: {},
  };
}
