// `npm run bench`: boots the built server on loopback with a fresh embedded database and
// measures request latency and throughput for the read paths every page load hits.
// Counts and concurrency are fixed so a run is bounded in time.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startServer } from '../../e2e/support/server.js';

interface Scenario {
  name: string;
  path: string;
  requests: number;
  concurrency: number;
}

const SCENARIOS: Scenario[] = [
  { name: 'health', path: '/api/health', requests: 2000, concurrency: 16 },
  { name: 'credit packs', path: '/api/credit-packs', requests: 2000, concurrency: 16 },
  { name: 'landing page (SPA shell)', path: '/', requests: 2000, concurrency: 16 },
];

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return sorted[index] ?? Number.NaN;
}

async function runScenario(baseUrl: string, scenario: Scenario) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  async function client() {
    while (next < scenario.requests) {
      next += 1;
      const t0 = performance.now();
      const response = await fetch(baseUrl + scenario.path);
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: scenario.concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    requests: latencies.length,
    failures,
    'median ms': percentile(latencies, 50).toFixed(2),
    'p95 ms': percentile(latencies, 95).toFixed(2),
    'req/s': Math.round(latencies.length / seconds),
  };
}

const server = await startServer({ env: { LOG_LEVEL: 'error' } });
try {
  console.log(
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  // Warm-up so JIT and the first database round trips do not skew the medians.
  for (const scenario of SCENARIOS) await runScenario(server.baseUrl, { ...scenario, requests: 200 });
  const rows = [];
  for (const scenario of SCENARIOS) rows.push(await runScenario(server.baseUrl, scenario));
  console.table(rows);
  if (rows.some((row) => row.failures > 0)) process.exitCode = 1;
} finally {
  await server.stop();
}
