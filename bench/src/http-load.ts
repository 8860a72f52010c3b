import { performance } from 'node:perf_hooks';

export interface LoadResult {
  name: string;
  requests: number;
  failures: number;
  medianMs: number;
  p99Ms: number;
  requestsPerSecond: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * Sends `requests` requests from `connections` concurrent clients (each waits for its answer
 * before sending the next), and reports latency percentiles and throughput.
 */
export async function runLoad(
  name: string,
  /** The address, or the address of each client (clients are numbered from 0). */
  url: string | ((client: number) => string),
  {
    requests,
    connections,
    init,
  }: {
    requests: number;
    connections: number;
    /** The request of each client (clients are numbered from 0), or one for all. */
    init?: RequestInit | ((client: number) => RequestInit);
  },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let sent = 0;
  let failures = 0;
  const started = performance.now();
  async function client(index: number) {
    const target = typeof url === 'function' ? url(index) : url;
    const request = typeof init === 'function' ? init(index) : init;
    while (sent < requests) {
      sent += 1;
      const t0 = performance.now();
      try {
        const response = await fetch(target, request);
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: connections }, (_, index) => client(index)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    failures,
    medianMs: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    requestsPerSecond: latencies.length / seconds,
  };
}
