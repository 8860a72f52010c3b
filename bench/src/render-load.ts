import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { startServer } from '../../e2e/support/server.js';
import { MANY_USERS_ENV, median, type SubmitRoute, signUp, submitTask, waitUntilDone } from './bench-client.js';
import { runLoad } from './http-load.js';

/**
 * Issue 15's render scenario, through the whole product (HTTP, database, queue, storage): how long
 * one 5,000-character eSpeak task takes next to the native floor (the `espeak-ng` and `lame`
 * programs on the same text, when installed), the poll route's p99 while 4 such tasks render,
 * throughput at 1, 4 and 16 users, and the server's memory at rest and under load. Each build
 * (this checkout, and an older one given in BENCH_BASE_SERVER) runs in rounds that alternate.
 */

const ESPEAK_VOICE = 'espeak-en-us-f2';
const ROUTE: SubmitRoute = { studio: 'clone', voiceId: ESPEAK_VOICE };
const TASK_CHARACTERS = 5_000;
/**
 * The poll sample behind each p99. With 400 requests the p99 was their 4th slowest, and three runs
 * of one build read 1.56× to 3.24× of idle; 2,000 (the 20th slowest) still end while the 4 tasks
 * render, as the still-rendering column shows.
 */
const POLLS = { requests: 2_000, connections: 4 };
/** Users in each throughput step, and the characters each submits: the same 20,000 in all but the first. */
const USER_STEPS = [
  { users: 1, characters: 5_000 },
  { users: 4, characters: 5_000 },
  { users: 16, characters: 1_250 },
] as const;

const SENTENCES = [
  'The morning train left the station a little after seven.',
  'Nobody on the platform noticed the small dog that followed it.',
  'By noon the fields had turned from green to gold under a wide sky.',
  'Is there anything better than bread that is still warm from the oven?',
];

/** Prose of `length` characters; `tag` makes each user's text its own, though the cache is per user anyway. */
export function prose(length: number, tag = ''): string {
  let text = '';
  for (let i = 0; text.length < length; i += 1) text += `${SENTENCES[i % SENTENCES.length]} ${tag} `;
  return text.slice(0, length).trim();
}

export interface BuildRound {
  /** Submission to done of one 5,000-character task, one user, idle server. */
  renderSeconds: number;
  idlePollP99Ms: number;
  busyPollP99Ms: number;
  /** Of the 4 tasks: how many were still rendering when the busy poll ended (0: it measured idle time). */
  stillRendering: number;
  /** Characters per second from the first submission to the last task done, per user step. */
  charactersPerSecond: number[];
  rssAtRestMiB: number;
  rssPeakMiB: number;
}

export interface RenderLoadResult {
  builds: { name: string; rounds: BuildRound[] }[];
  /** The native floor per round (seconds for the same 5,000 characters), or why it was not measured. */
  floorSeconds: number[] | string;
}

const run = promisify(execFile);

async function hasProgram(name: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${name}`]);
    return true;
  } catch {
    return false;
  }
}

/** `espeak-ng` to WAV, then `lame` to a 128 kb/s MP3: the same work as a render, in native code. */
async function nativeFloorSeconds(text: string): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sayso-floor-'));
  try {
    await writeFile(path.join(dir, 'text.txt'), text);
    const started = performance.now();
    await run('espeak-ng', ['-v', 'en-us+f2', '-f', path.join(dir, 'text.txt'), '-w', path.join(dir, 'out.wav')]);
    await run('lame', ['--quiet', '-b', '128', '-m', 'm', path.join(dir, 'out.wav'), path.join(dir, 'out.mp3')]);
    return (performance.now() - started) / 1000;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function rssMiB(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kB = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return kB / 1024;
}

/** Users submit at once, each one task of `characters`; answers characters per second until all are done. */
async function throughput(baseUrl: string, label: string, users: number, characters: number): Promise<number> {
  const cookies = await Promise.all(Array.from({ length: users }, (_, user) => signUp(baseUrl, `${label}-u${user}`)));
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie, user) => {
      const taskId = await submitTask(baseUrl, cookie, prose(characters, `${label}${user}`), ROUTE);
      await waitUntilDone(baseUrl, cookie, [taskId], { everyMs: 50 });
    }),
  );
  return (users * characters) / ((performance.now() - started) / 1000);
}

async function measureBuild(label: string, entry: string | undefined): Promise<BuildRound> {
  const server = await startServer({ env: { LOG_LEVEL: 'error', ...MANY_USERS_ENV }, ...(entry ? { entry } : {}) });
  try {
    const { baseUrl } = server;
    const pid = server.process.pid ?? 0;
    const poller = await signUp(baseUrl, `${label}-poller`);
    const polled = await submitTask(baseUrl, poller, 'A short line to poll.', ROUTE);
    await waitUntilDone(baseUrl, poller, [polled]);
    const poll = () =>
      runLoad('poll', `${baseUrl}/api/elevenlabs/task/${polled}`, { ...POLLS, init: { headers: { cookie: poller } } });
    await poll();
    const rssAtRestMiB = await rssMiB(pid, 'VmRSS');
    const idle = await poll();

    // The poll route while 4 long tasks render: they are submitted, picked up, then polled over.
    const users = await Promise.all([0, 1, 2, 3].map((user) => signUp(baseUrl, `${label}-busy${user}`)));
    const busyTasks = await Promise.all(
      users.map(async (cookie, user) => ({
        cookie,
        id: await submitTask(baseUrl, cookie, prose(TASK_CHARACTERS, `${label}b${user}`), ROUTE),
      })),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const busy = await poll();
    const statuses = await Promise.all(
      busyTasks.map(async ({ cookie, id }) => {
        const response = await fetch(`${baseUrl}/api/elevenlabs/task/${id}`, { headers: { cookie } });
        return ((await response.json()) as { status: string }).status;
      }),
    );
    await Promise.all(busyTasks.map(({ cookie, id }) => waitUntilDone(baseUrl, cookie, [id])));

    const single = await signUp(baseUrl, `${label}-single`);
    const started = performance.now();
    const taskId = await submitTask(baseUrl, single, prose(TASK_CHARACTERS, `${label}s`), ROUTE);
    await waitUntilDone(baseUrl, single, [taskId], { everyMs: 20 });
    const renderSeconds = (performance.now() - started) / 1000;

    const charactersPerSecond: number[] = [];
    for (const step of USER_STEPS) {
      charactersPerSecond.push(await throughput(baseUrl, `${label}-x${step.users}`, step.users, step.characters));
    }
    return {
      renderSeconds,
      idlePollP99Ms: idle.p99Ms,
      busyPollP99Ms: busy.p99Ms,
      stillRendering: statuses.filter((status) => status === 'queued' || status === 'processing').length,
      charactersPerSecond,
      rssAtRestMiB,
      rssPeakMiB: await rssMiB(pid, 'VmHWM'),
    };
  } finally {
    await server.stop();
  }
}

/**
 * Rounds alternate between the builds (this checkout, and BENCH_BASE_SERVER's when given), so load
 * from anything else on the machine falls on both alike.
 */
export async function measureRenderLoad(rounds: number, log: (line: string) => void): Promise<RenderLoadResult> {
  const base = process.env.BENCH_BASE_SERVER;
  const builds = [
    ...(base ? [{ name: `before (${base})`, entry: base }] : []),
    { name: 'this checkout', entry: undefined },
  ].map((build) => ({ ...build, rounds: [] as BuildRound[] }));
  const floorAvailable = (await hasProgram('espeak-ng')) && (await hasProgram('lame'));
  const floorSeconds: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (floorAvailable) floorSeconds.push(await nativeFloorSeconds(prose(TASK_CHARACTERS, `floor${round}`)));
    for (const [index, build] of builds.entries()) {
      log(`round ${round + 1}: ${build.name}`);
      build.rounds.push(await measureBuild(`r${round}b${index}`, build.entry));
    }
  }
  return {
    builds: builds.map(({ name, rounds }) => ({ name, rounds })),
    floorSeconds: floorAvailable
      ? floorSeconds
      : 'espeak-ng or lame is not installed (Debian: apt-get install espeak-ng lame)',
  };
}

/** The scenario's tables for the bench's output and docs/benchmarks.md. */
export function describeRenderLoad(result: RenderLoadResult): string[] {
  const f = (n: number, digits = 1) => n.toFixed(digits);
  const list = (values: number[], digits = 1) => values.map((value) => f(value, digits)).join(', ');
  const floor = typeof result.floorSeconds === 'string' ? null : median(result.floorSeconds);
  const lines = [
    typeof result.floorSeconds === 'string'
      ? `Native floor: not measured, ${result.floorSeconds}.`
      : `Native floor (espeak-ng + lame, ${TASK_CHARACTERS} characters), per round: ${list(result.floorSeconds, 3)} s; median ${f(floor ?? 0, 3)} s.`,
    '',
    `| build | ${TASK_CHARACTERS}-char task, s (rounds) | median s | × floor | poll p99 idle ms | poll p99, 4 renders ms | p99 / idle | still rendering | chars/s at ${USER_STEPS.map((s) => s.users).join(' / ')} users | RSS rest / peak MiB |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const build of result.builds) {
    const rounds = build.rounds;
    const render = median(rounds.map((r) => r.renderSeconds));
    const idle = median(rounds.map((r) => r.idlePollP99Ms));
    const busy = median(rounds.map((r) => r.busyPollP99Ms));
    const perStep = USER_STEPS.map((_, step) => median(rounds.map((r) => r.charactersPerSecond[step] ?? Number.NaN)));
    lines.push(
      `| ${build.name} | ${list(
        rounds.map((r) => r.renderSeconds),
        2,
      )} | ${f(render, 2)} | ${floor ? `${f(render / floor, 2)}×` : 'n/a'} | ${f(idle)} | ${f(busy)} | ${f(busy / idle, 2)}× | ${rounds.map((r) => r.stillRendering).join(', ')} | ${perStep.map((v) => f(v, 0)).join(' / ')} | ${f(median(rounds.map((r) => r.rssAtRestMiB)), 0)} / ${f(median(rounds.map((r) => r.rssPeakMiB)), 0)} |`,
    );
  }
  lines.push('', 'Throughput per round (chars/s):');
  for (const build of result.builds) {
    for (const [step, { users }] of USER_STEPS.entries()) {
      lines.push(
        `- ${build.name}, ${users} users: ${list(
          build.rounds.map((r) => r.charactersPerSecond[step] ?? 0),
          0,
        )}`,
      );
    }
  }
  return lines;
}
