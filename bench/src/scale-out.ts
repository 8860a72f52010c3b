// Issue 20's scale-out figures, in one run: the recipe of docs/operations.md (API processes with
// RUN_WORKERS=false, worker processes, one PostgreSQL database, one S3 bucket served by s3rver, a
// reverse proxy) measured with 1 and with 2 worker processes (eSpeak rendering throughput) and with
// 1 and with 2 API processes behind the proxy (the studio's task poll route). The two settings of
// each measurement run interleaved (1, 2, 1, 2, ...), so load from anything else on the machine
// falls on both alike. Process launching, the proxy, the fake bucket and the database come from
// the multi-process test's helpers (apps/server/test/helpers, apps/server/test/fakes).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/database.js';
import { type FakeS3, startFakeS3 } from '../../apps/server/test/fakes/s3-server.js';
import { createDatabaseOn } from '../../apps/server/test/helpers/server-database.js';
import {
  answersHealthCheck,
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../../apps/server/test/helpers/server-processes.js';
import { SPEECH_BENCH_ENV } from './speech-routes.js';

const VOICE = 'espeak-en-us-f2';
const ADMIN = { username: 'bench-admin', password: 'a-long-bench-admin-password' };
/** Rounds of each setting, interleaved; the figures are their medians. */
const ROUNDS = 3;
/** Tasks per generation round, and the length of each (about eSpeak's 600-character batch). */
const TASKS = 8;
const TASK_CHARACTERS = 600;
/** Poll-route load: seconds and concurrent connections per measurement. */
const POLL_SECONDS = 5;
const POLL_CONNECTIONS = 20;

export interface Machine {
  cpu: string;
  cores: number;
  loadAverage: [number, number, number];
}

export interface ScaleOutResult {
  machine: Machine;
  generation: { workers: 1 | 2; round: number; characters: number; seconds: number; audioSeconds: number }[];
  polling: {
    apis: 1 | 2;
    round: number;
    requests: number;
    requestsPerSecond: number;
    p99Ms: number;
    failures: number;
  }[];
}

/** The machine as /proc/cpuinfo and the kernel tell it, with the load before the run starts. */
export async function describeMachine(): Promise<Machine> {
  const cpuinfo = await readFile('/proc/cpuinfo', 'utf8').catch(() => '');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim();
  const [one, five, fifteen] = os.loadavg();
  return {
    cpu: model ?? os.cpus()[0]?.model ?? 'unknown CPU',
    cores: os.availableParallelism(),
    loadAverage: [one ?? 0, five ?? 0, fifteen ?? 0],
  };
}

/**
 * A text of about `TASK_CHARACTERS` characters that no other task shares: the sentence cache keys
 * takes by their text, and a repeated text would be served from the cache instead of rendered.
 */
function uniqueText(label: string): string {
  const sentences: string[] = [];
  let length = 0;
  for (let i = 1; length < TASK_CHARACTERS; i += 1) {
    const sentence = `Sentence ${i} of ${label} is read aloud by a worker process, and its audio goes to the bucket.`;
    sentences.push(sentence);
    length += sentence.length + 1;
  }
  return sentences.join(' ');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Starts bench/src/proxy-process.ts in front of `backends` and returns its address. */
async function startProxyProcess(backends: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--conditions=sayso-source', '--import', 'tsx', path.join(import.meta.dirname, 'proxy-process.ts'), ...backends],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (!child.stdout) throw new Error('the proxy has no stdout');
  const lines = createInterface({ input: child.stdout });
  const [url] = (await once(lines, 'line')) as [string];
  return { url, child };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** Runs the scenario against a fresh database on the PostgreSQL server at `serverUrl`, and drops it after. */
export async function measureScaleOut(serverUrl: string, log: (line: string) => void): Promise<ScaleOutResult> {
  const machine = await describeMachine();
  const database = await createDatabaseOn(serverUrl);
  const processes: ServerProcess[] = [];
  const proxies: ChildProcess[] = [];
  const dataDirs: string[] = [];
  let s3: FakeS3 | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    s3 = await startFakeS3('sayso-bench');
    const apiPorts = [await freePort(), await freePort()];
    const apiUrls = apiPorts.map((port) => `http://127.0.0.1:${port}`);
    const [api1 = '', api2 = ''] = apiUrls;
    // The same proxy code in front of one API process and in front of both, so the two
    // measurements differ only in the processes behind it.
    const oneApi = await startProxyProcess([api1]);
    const twoApis = await startProxyProcess([api1, api2]);
    proxies.push(oneApi.child, twoApis.child);
    const shared: Record<string, string> = {
      ...s3.env,
      ...SPEECH_BENCH_ENV,
      DATABASE_URL: database.url,
      PUBLIC_URL: oneApi.url,
      HOST: '127.0.0.1',
      SPEECH_ENGINE_B: 'espeak',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // Measured is how much the processes serve, not when the overload guard starts refusing.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    const roles = [
      { name: 'api-1', role: 'api', port: apiPorts[0] },
      { name: 'api-2', role: 'api', port: apiPorts[1] },
      { name: 'worker-1', role: 'worker', port: undefined },
      { name: 'worker-2', role: 'worker', port: undefined },
    ] as const;
    for (const { name, role, port } of roles) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `sayso-bench-${name}-`));
      dataDirs.push(dataDir);
      processes.push(
        startServerProcess(name, role, {
          ...shared,
          DATA_DIR: dataDir,
          PGAPPNAME: name,
          // API processes log only warnings: a log line per request would cost time and memory
          // here. Workers log at info, which is how they tell they have started.
          ...(role === 'api' ? { RUN_WORKERS: 'false', PORT: String(port), LOG_LEVEL: 'warn' } : { LOG_LEVEL: 'info' }),
        }),
      );
    }
    await Promise.all(
      processes.map((p, index) =>
        p.role === 'api'
          ? waitUntilReady(p, () => answersHealthCheck(apiUrls[index] ?? ''), 120_000)
          : waitUntilReady(p, () => p.logged('worker started').length > 0, 120_000),
      ),
    );
    handle = await openDatabase({ kind: 'postgres', url: database.url });
    const db = handle.db;
    log('scale-out: 2 API processes, 2 worker processes, PostgreSQL, s3rver and two proxies are up');

    // Through the proxy: requests that change something must come from PUBLIC_URL, the proxy's address.
    const site = oneApi.url;
    const cookie = await signUpWithCredits(site);
    const [worker1, worker2] = processes.filter((p) => p.role === 'worker');
    if (!worker1 || !worker2) throw new Error('the workers did not start');

    /** Submits `TASKS` tasks (through the proxy to API 1) and waits until all are finished; times them by the database's clock. */
    async function generationRound(label: string) {
      const ids: string[] = [];
      let characters = 0;
      for (let i = 0; i < TASKS; i += 1) {
        const text = uniqueText(`${label} task ${i + 1} (${randomUUID().slice(0, 8)})`);
        characters += text.length;
        ids.push(await submit(site, cookie, text));
      }
      const deadline = Date.now() + 120_000;
      for (;;) {
        const rows = await db
          .selectFrom('speech_tasks')
          .select(['status', 'created_at', 'finished_at', 'duration_ms'])
          .where('id', 'in', ids)
          .execute();
        if (rows.some((row) => row.status === 'failed')) throw new Error(`a task of ${label} failed`);
        if (rows.length === ids.length && rows.every((row) => row.status === 'done' && row.finished_at)) {
          const start = Math.min(...rows.map((row) => row.created_at.getTime()));
          const end = Math.max(...rows.map((row) => row.finished_at?.getTime() ?? 0));
          const audioSeconds = rows.reduce((sum, row) => sum + (row.duration_ms ?? 0), 0) / 1000;
          return { characters, seconds: (end - start) / 1000, audioSeconds };
        }
        if (Date.now() > deadline) throw new Error(`the tasks of ${label} were not done within 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    // Warm-up with both workers: each compiles eSpeak's WebAssembly and fills its connection pool.
    await generationRound('warm-up');
    const generation: ScaleOutResult['generation'] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const workers of [1, 2] as const) {
        // One worker process: the second is paused (SIGSTOP) between rounds, when the queue is
        // empty, so it holds no job; it picks up nothing until it is resumed (SIGCONT).
        worker2.child.kill(workers === 1 ? 'SIGSTOP' : 'SIGCONT');
        const result = await generationRound(`round ${round} with ${workers} worker(s)`);
        generation.push({ workers, round, ...result });
        log(
          `scale-out: generation, ${workers} worker(s), round ${round}: ${result.characters} characters in ${result.seconds.toFixed(2)} s`,
        );
      }
    }
    worker2.child.kill('SIGCONT');

    // Polling: everyone polls a finished task of their own, as the studio does; one user is enough
    // (the poll route has no per-user limit) and its task is the last one rendered above.
    const taskId = await submit(site, cookie, uniqueText('the polled task'));
    await waitForDone(db, taskId);
    const pollPath = `/api/elevenlabs/task/${taskId}`;
    const load = (url: string, duration: number) =>
      autocannon({ url: `${url}${pollPath}`, connections: POLL_CONNECTIONS, duration, headers: { cookie } });
    await load(twoApis.url, 2);
    const polling: ScaleOutResult['polling'] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const apis of [1, 2] as const) {
        const result = await load(apis === 1 ? oneApi.url : twoApis.url, POLL_SECONDS);
        polling.push({
          apis,
          round,
          requests: result.requests.total,
          requestsPerSecond: result.requests.total / result.duration,
          p99Ms: result.latency.p99,
          failures: result.errors + result.non2xx,
        });
        log(
          `scale-out: polling, ${apis} API process(es), round ${round}: ${Math.round(result.requests.total / result.duration)} req/s`,
        );
      }
    }
    for (const p of processes) {
      if (p.child.exitCode !== null) throw new Error(`${p.name} exited during the run`);
    }
    return { machine, generation, polling };
  } finally {
    for (const p of processes) p.child.kill('SIGCONT');
    await Promise.all(processes.map(stopServerProcess));
    await Promise.all(proxies.map(stopChild));
    await handle?.close();
    await s3?.close();
    await database.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

async function waitForDone(db: DatabaseHandle['db'], taskId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const row = await db.selectFrom('speech_tasks').select('status').where('id', '=', taskId).executeTakeFirst();
    if (row?.status === 'done') return;
    if (row?.status === 'failed') throw new Error('the polled task failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the polled task was not done within 60 s');
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

async function post(url: string, body: unknown, cookie?: string): Promise<Response> {
  const origin = new URL(url).origin;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * A user with a million credits (the run renders about 35,000 characters, more than the sign-up
 * grant): staff add money to the balance, the user buys the starter pack with it.
 */
async function signUpWithCredits(api: string): Promise<string> {
  const signUp = await post(`${api}/api/auth/sign-up/email`, {
    email: `scale-bench-${randomUUID()}@example.test`,
    password: 'bench password 123',
    name: 'Scale Bench',
  });
  const cookie = cookieOf(signUp);
  const { user } = (await signUp.json()) as { user: { id: string } };
  const admin = cookieOf(await post(`${api}/api/admin/session`, ADMIN));
  await post(`${api}/api/admin/users/${user.id}/balance/add`, { amount: 3_000 }, admin);
  await post(`${api}/api/purchases`, { packId: 'starter', idempotencyKey: `bench-${randomUUID()}` }, cookie);
  return cookie;
}

async function submit(api: string, cookie: string, text: string): Promise<string> {
  const response = await post(`${api}/api/elevenlabs/tts`, { text, voice_id: VOICE, model_id: 'espeak-ng' }, cookie);
  return ((await response.json()) as { task_id: string }).task_id;
}

/** The results as the Markdown that docs/benchmarks.md keeps. */
export function formatScaleOut(result: ScaleOutResult): string {
  const { machine, generation, polling } = result;
  const fixed = (n: number, digits = 2) => n.toFixed(digits);
  const lines: string[] = [];
  lines.push(
    `Machine: ${machine.cpu}, ${machine.cores} cores, load average at start ${machine.loadAverage.map((n) => fixed(n)).join(', ')} (1, 5, 15 min)`,
    '',
    `Generation: ${TASKS} tasks of about ${TASK_CHARACTERS} characters per round (eSpeak, sentence by sentence), submitted through one API process; time from the first submission to the last task done (database clock).`,
    '',
    '| worker processes | round | characters | seconds | characters/s | audio s per second |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const row of generation) {
    lines.push(
      `| ${row.workers} | ${row.round} | ${row.characters} | ${fixed(row.seconds)} | ${Math.round(row.characters / row.seconds)} | ${fixed(row.audioSeconds / row.seconds, 1)} |`,
    );
  }
  const rate = (workers: 1 | 2) =>
    median(generation.filter((row) => row.workers === workers).map((row) => row.characters / row.seconds));
  lines.push(
    '',
    `Median: 1 worker ${Math.round(rate(1))} characters/s, 2 workers ${Math.round(rate(2))} characters/s, ratio ${fixed(rate(2) / rate(1))}×.`,
    '',
    `Polling: GET /api/elevenlabs/task/{id} (the studio's poll), autocannon, ${POLL_CONNECTIONS} connections for ${POLL_SECONDS} s, through the proxy (its own process) to one or to both API processes.`,
    '',
    '| API processes | round | requests | req/s | p99 ms | failures |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const row of polling) {
    lines.push(
      `| ${row.apis} | ${row.round} | ${row.requests} | ${Math.round(row.requestsPerSecond)} | ${fixed(row.p99Ms, 0)} | ${row.failures} |`,
    );
  }
  const served = (apis: 1 | 2) =>
    median(polling.filter((row) => row.apis === apis).map((row) => row.requestsPerSecond));
  lines.push(
    '',
    `Median: 1 API process ${Math.round(served(1))} req/s, 2 API processes ${Math.round(served(2))} req/s, ratio ${fixed(served(2) / served(1))}×.`,
  );
  return lines.join('\n');
}
