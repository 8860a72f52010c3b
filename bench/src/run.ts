// `npm run bench`: bounded benchmarks on loopback. Boots the built server on a fresh embedded
// database, measures its read routes next to a bare Fastify route in the same run, and the job
// queue's pickup latency. Counts and concurrency are fixed so a run takes about a minute.
import os from 'node:os';
import { startServer } from '../../e2e/support/server.js';
import { startBareFastify } from './bare-fastify.js';
import { type LoadResult, runLoad } from './http-load.js';
import { measureJobPickup } from './job-pickup.js';

const REQUESTS = 4_000;
const CONNECTIONS = 50;

const fixed = (n: number, digits = 2) => n.toFixed(digits);

function row(result: LoadResult, floor: LoadResult): string {
  return `| ${result.name} | ${result.requests} | ${result.failures} | ${fixed(result.medianMs)} | ${fixed(result.p99Ms)} | ${Math.round(result.requestsPerSecond)} | ${fixed(floor.requestsPerSecond / result.requestsPerSecond)}× |`;
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);

const server = await startServer({ env: { LOG_LEVEL: 'error' } });
const bare = await startBareFastify();
try {
  const targets = [
    { name: 'bare Fastify route (floor)', url: bare.url },
    { name: 'GET /api/health', url: `${server.baseUrl}/api/health` },
    { name: 'GET /api/credit-packs', url: `${server.baseUrl}/api/credit-packs` },
    { name: 'GET /api/me without a session (401)', url: `${server.baseUrl}/api/me`, expectFailure: true },
  ];
  // Warm-up: JIT, connection pools and the first database round trips.
  for (const target of targets) await runLoad(target.name, target.url, { requests: 300, connections: 10 });
  const results: LoadResult[] = [];
  for (const target of targets) {
    const result = await runLoad(target.name, target.url, { requests: REQUESTS, connections: CONNECTIONS });
    // The 401 route answers as designed; count it as served, not failed.
    results.push(target.expectFailure ? { ...result, failures: 0 } : result);
  }
  const [floor] = results;
  if (!floor) throw new Error('no results');
  console.log(`\nHTTP, ${REQUESTS} requests over ${CONNECTIONS} concurrent connections each:\n`);
  console.log('| route | requests | failures | median ms | p99 ms | req/s | slower than floor |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const result of results) console.log(row(result, floor));
  if (results.some((r) => r.failures > 0)) process.exitCode = 1;
} finally {
  await bare.close();
  await server.stop();
}

const pickup = await measureJobPickup(40);
console.log(
  `\nJob pickup (send -> handler start, PGlite, 40 jobs one at a time): median ${fixed(pickup.medianMs)} ms, p99 ${fixed(pickup.p99Ms)} ms`,
);
