// Issue 15's route scenarios: the poll, submit and credit-packs routes next to a bare Fastify
// route (the floor, and a second one sending exactly the credit-packs answer) under autocannon, on
// the embedded database and on PostgreSQL; and the studio at a busy moment, 200 pollers with 20
// submitters on the embedded database.
import os from 'node:os';
import { procStatFields } from '../../apps/server/test/helpers/proc-stat.js';
import { createDatabaseOn } from '../../apps/server/test/helpers/server-database.js';
import { startServer } from '../../e2e/support/server.js';
import { type BareAnswer, startBareFastify } from './bare-fastify.js';
import { pinGeneratorAndServers } from './core-pinning.js';
import { type LoadResult, median, runCannon } from './http-load.js';
import { benchUsers, measureCrowd, measurePoll, measureSubmit, SPEECH_BENCH_ENV } from './speech-routes.js';

const CONNECTIONS = 50;
/** Interleaved rounds per route; the figures are their medians. */
const ROUNDS = 5;
const SECONDS = 5;
/** Per round: all rounds with the warm-up leave 64 unfinished tasks per user, under the cap of 100. */
const SUBMISSIONS = 600;

type Log = (line: string) => void;

const fixed = (n: number, digits = 2) => n.toFixed(digits);

export function machineLine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = os.loadavg().map((n) => fixed(n));
  return `Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${load.join(' ')}`;
}

/** A server on the embedded database, or on a new database of the PostgreSQL server at `serverUrl`. */
async function startBenchServer(serverUrl: string | null) {
  const database = serverUrl ? await createDatabaseOn(serverUrl) : null;
  const server = await startServer({
    env: { LOG_LEVEL: 'error', ...SPEECH_BENCH_ENV, ...(database ? { DATABASE_URL: database.url } : {}) },
  });
  return {
    baseUrl: server.baseUrl,
    pid: server.process.pid ?? 0,
    async stop() {
      await server.stop();
      await database?.drop();
    },
  };
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times, is 100 on every architecture it runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system: fields 14 and 15 of its stat file) a process has used, in ms; NaN where
 * there is no /proc. Per request it shows what a route costs the server, whichever side (server or
 * load generator) set the pace: on two shared cores the request rate moves with the machine, this
 * much less.
 */
function processCpuMs(pid: number): number {
  try {
    const fields = procStatFields(`/proc/${pid}/stat`);
    return ((Number(fields[14 - 3]) + Number(fields[15 - 3])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

interface RouteRound extends LoadResult {
  /** CPU the serving process used per request, in microseconds. */
  cpuMicrosPerRequest: number;
}

interface RouteRow {
  name: string;
  rounds: RouteRound[];
}

async function measureWithCpu(pid: number, measure: () => Promise<LoadResult>): Promise<RouteRound> {
  const before = processCpuMs(pid);
  const result = await measure();
  return { ...result, cpuMicrosPerRequest: ((processCpuMs(pid) - before) * 1000) / result.requests };
}

function describeRows(title: string, rows: RouteRow[]): string[] {
  const floor = median(rows[0]?.rounds.map((r) => r.requestsPerSecond) ?? []);
  const lines = [
    '',
    title,
    '',
    '| route | req/s (median) | rounds req/s | p99 ms (median) | failures | of the floor | slower than floor | server CPU µs/request (median) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const rps = median(row.rounds.map((r) => r.requestsPerSecond));
    const failures = row.rounds.reduce((sum, r) => sum + r.failures, 0);
    const statuses = row.rounds.flatMap((r) => Object.entries(r.statuses).filter(([code]) => !code.startsWith('2')));
    lines.push(
      `| ${row.name} | ${Math.round(rps)} | ${row.rounds.map((r) => Math.round(r.requestsPerSecond)).join(', ')} | ${fixed(median(row.rounds.map((r) => r.p99Ms)), 0)} | ${failures}${statuses.length ? ` (${statuses.map(([c, n]) => `${c}×${n}`).join(' ')})` : ''} | ${fixed(rps / floor)}× | ${fixed(floor / rps, 1)}× | ${fixed(median(row.rounds.map((r) => r.cpuMicrosPerRequest)), 1)} |`,
    );
  }
  return lines;
}

/** Headers of the product's answer that a bare server would not send by itself. */
const ANSWER_HEADERS = [
  'cache-control',
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

/** The credit packs answer as the product sends it: its body and its own headers. */
async function creditPacksAnswer(baseUrl: string): Promise<BareAnswer> {
  const response = await fetch(`${baseUrl}/api/credit-packs`);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => ANSWER_HEADERS.includes(name)));
  return { body: await response.text(), headers };
}

/**
 * The floor, the same bytes as credit packs from a bare server, credit packs, poll and submit,
 * interleaved round by round, on one kind of database.
 */
async function measureRoutesOn(serverUrl: string | null, log: Log, submitOnly: boolean): Promise<string[]> {
  const kind = serverUrl ? 'PostgreSQL' : 'PGlite (embedded)';
  const server = await startBenchServer(serverUrl);
  const bare = await startBareFastify();
  const sameBytes = await startBareFastify(await creditPacksAnswer(server.baseUrl));
  const pinning = pinGeneratorAndServers();
  try {
    // Pinned after they started: taskset moves the threads a process already has, and those it starts later follow.
    for (const pid of [bare.pid, sameBytes.pid, server.pid]) pinning.pinServer(pid);
    const users = await benchUsers(server.baseUrl, CONNECTIONS, 'routes');
    const targets: { name: string; pid: number; measure: (seconds: number) => Promise<LoadResult> }[] = [
      {
        name: 'bare Fastify route (floor, own process)',
        pid: bare.pid,
        measure: (seconds) => runCannon('floor', bare.url, { connections: CONNECTIONS, duration: seconds }),
      },
      {
        name: 'bare Fastify route, the credit-packs body and headers (own process)',
        pid: sameBytes.pid,
        measure: (seconds) => runCannon('same bytes', sameBytes.url, { connections: CONNECTIONS, duration: seconds }),
      },
      {
        name: 'GET /api/credit-packs',
        pid: server.pid,
        measure: (seconds) =>
          runCannon('credit-packs', `${server.baseUrl}/api/credit-packs`, {
            connections: CONNECTIONS,
            duration: seconds,
          }),
      },
      {
        name: 'GET /api/elevenlabs/task/{id} (poll, signed-in owner)',
        pid: server.pid,
        measure: (seconds) => measurePoll(server.baseUrl, users, CONNECTIONS, seconds),
      },
      {
        name: `POST /api/elevenlabs/tts (submit, ${SUBMISSIONS} requests)`,
        pid: server.pid,
        measure: (seconds) =>
          measureSubmit(server.baseUrl, users, CONNECTIONS, seconds < SECONDS ? CONNECTIONS * 4 : SUBMISSIONS),
      },
    ];
    if (submitOnly) targets.splice(1, 3);
    // Warm-up: JIT, connection pools, the first database round trips.
    for (const target of targets) await target.measure(1);
    const rows: RouteRow[] = targets.map((target) => ({ name: target.name, rounds: [] }));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [index, target] of targets.entries()) {
        const result = await measureWithCpu(target.pid, () => target.measure(SECONDS));
        rows[index]?.rounds.push(result);
        log(`routes (${kind}), round ${round}: ${target.name} ${Math.round(result.requestsPerSecond)} req/s`);
      }
    }
    return describeRows(
      `${kind}: autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s per round (submit: ${SUBMISSIONS} requests), ${ROUNDS} interleaved rounds; ${CONNECTIONS} signed-in users, one per connection; ${pinning.description}.`,
      rows,
    );
  } finally {
    pinning.release();
    await sameBytes.close();
    await bare.close();
    await server.stop();
  }
}

/** `submitOnly`: the floor and the submission route only (a shorter run). */
export async function measureRouteFloor(serverUrl: string | undefined, log: Log, submitOnly = false): Promise<string> {
  const lines = [machineLine()];
  lines.push(...(await measureRoutesOn(null, log, submitOnly)));
  if (serverUrl) lines.push(...(await measureRoutesOn(serverUrl, log, submitOnly)));
  else lines.push('', 'PostgreSQL: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL).');
  lines.push('', machineLine());
  return lines.join('\n');
}

const CROWD = { pollers: 200, submitters: 20, duration: 15 };
/** Users for the crowd: each submitter takes turns between four, so none reaches 100 unfinished tasks. */
const CROWD_USERS = 80;

/** 200 pollers and 20 submitters at once on the embedded database: unanswered requests and poll p99. */
export async function measureCrowdScenario(log: Log): Promise<{ text: string; ok: boolean }> {
  const server = await startBenchServer(null);
  try {
    const users = await benchUsers(server.baseUrl, CROWD_USERS, 'crowd');
    log('crowd: users ready');
    const { polls, submissions } = await measureCrowd(server.baseUrl, users, CROWD);
    const row = (r: LoadResult) =>
      `| ${r.name} | ${r.requests} | ${Math.round(r.requestsPerSecond)} | ${r.timeouts} | ${r.failures - r.timeouts} | ${fixed(r.medianMs, 0)} | ${fixed(r.p99Ms, 0)} |`;
    const text = [
      machineLine(),
      '',
      `PGlite (embedded): ${CROWD.pollers} pollers (10 per user) and ${CROWD.submitters} submitters (each taking turns between ${CROWD_USERS / CROWD.submitters} users) at once for ${CROWD.duration} s; unanswered = no answer within 10 s.`,
      '',
      '| load | requests | req/s | unanswered | other failures | median ms | p99 ms |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      row(polls),
      row(submissions),
    ].join('\n');
    return { text, ok: polls.timeouts === 0 && submissions.timeouts === 0 && polls.p99Ms < 1_000 };
  } finally {
    await server.stop();
  }
}
