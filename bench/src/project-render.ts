// Issue 37 (must show 4): a whole project rendered on eSpeak through the product's routes, against
// the single-text path with the same characters, in one run on one machine. The project is text
// this module writes (chapters, narration, and dialogue between two speakers cast to their own
// voices); the single-text path is the studio's /api/tts route, given the same paragraphs in as
// few texts as the studio's 50,000-character limit allows. Each round gives both paths a fresh
// user, so every sentence is spoken cold (the sentence cache is per user), and the order of the
// two paths alternates between rounds so drift on a shared machine falls on both alike.
//
// With a PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL) the deployment is the one of
// docs/operations.md: an API process (RUN_WORKERS=false) and a worker process, sharing a data
// folder; the worker's resident memory is sampled while each path renders. Without one, a single
// process on the embedded database does both, and that process is the one sampled.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_TEXT_LENGTH } from '@sayso/contract/speech';
import { createDatabaseOn } from '../../apps/server/test/helpers/server-database.js';
import {
  answersHealthCheck,
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../../apps/server/test/helpers/server-processes.js';
import { MANY_USERS_ENV } from './bench-client.js';
import { describeMachine, type Machine } from './scale-out.js';

const NARRATOR = 'espeak-en-us-f2';
/** The two speakers of the dialogue and the voices they are cast with. */
const CAST = [
  { name: 'Mara', voice: 'espeak-en-gb-f1' },
  { name: 'Tobias', voice: 'espeak-en-us-m3' },
] as const;
const ADMIN = { username: 'project-bench-admin', password: 'a-long-project-bench-admin-password' };
/** About one chapter per 20,000 characters, as a novel has. */
const CHARACTERS_PER_CHAPTER = 20_000;
/** How often the bench asks whether a render has finished, on either path. */
const POLL_MS = 250;
const RSS_SAMPLE_MS = 100;

export interface ProjectRenderSettings {
  characters: number;
  rounds: number;
  /** A PostgreSQL server to create the run's database on; null for one process on PGlite. */
  databaseServerUrl: string | null;
}

/** The size and rounds from the environment: BENCH_PROJECT_CHARACTERS (default 200,000) and BENCH_PROJECT_ROUNDS (3). */
export function projectRenderSettings(env: NodeJS.ProcessEnv): ProjectRenderSettings {
  const characters = Number(env.BENCH_PROJECT_CHARACTERS ?? 200_000);
  const rounds = Number(env.BENCH_PROJECT_ROUNDS ?? 3);
  // Past about 600,000 characters the generated sentences would start to repeat (see `sentence`).
  if (!Number.isInteger(characters) || characters < 2_000 || characters > 500_000) {
    throw new Error('BENCH_PROJECT_CHARACTERS takes a whole number from 2000 to 500000');
  }
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) {
    throw new Error('BENCH_PROJECT_ROUNDS takes a whole number from 1 to 20');
  }
  return { characters, rounds, databaseServerUrl: env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? null };
}

export type RenderPath = 'project' | 'single';

export interface PathRun {
  round: number;
  path: RenderPath;
  /** Characters charged: the blocks' on the project path, the texts' on the single-text path. */
  characters: number;
  /** Speech tasks the render became: one per block, or one per text. */
  tasks: number;
  /** From the render request (or first submission) to the last task seen done. */
  seconds: number;
  /** The sampled process's highest VmRSS while this path rendered. */
  peakRssMiB: number;
}

export interface ProjectRenderResult {
  machine: Machine;
  deployment: string;
  chapters: number;
  blocks: number;
  speakers: string[];
  runs: PathRun[];
  /** The sampled process's VmHWM at the end: its peak over the whole run, warm-up included. */
  lifetimePeakMiB: number;
  restRssMiB: number;
}

/** The middle value; of an even count, the mean of the two middle ones (two rounds are common here). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

// --- The manuscript -------------------------------------------------------------------------

const SUBJECTS = [
  'The old ferryman',
  'A tired clerk',
  'The baker from the hill',
  'Her younger brother',
  'The night watchman',
  'A stranger in grey',
  'The schoolteacher',
  'The harbour master',
  'A girl with a lantern',
  'The innkeeper',
  'A quiet fisherman',
  'The postmistress',
];
const ACTIONS = [
  'carried a basket of apples',
  'walked slowly along the river',
  'counted the boats in the harbour',
  'read a letter twice',
  'mended a torn sail',
  'climbed the narrow stairs',
  'waited beside the gate',
  'painted the shutters blue',
  'listened to the rain',
  'swept the empty square',
  'searched for a missing key',
  'watched the clouds gather',
];
const PLACES = [
  'before the market opened',
  'while the bells were ringing',
  'under the crooked bridge',
  'behind the chapel',
  'near the lighthouse',
  'as the tide came in',
  'on the far side of town',
  'long after midnight',
  'at the edge of the forest',
  'outside the post office',
  'when the wind turned cold',
  'beside the frozen pond',
];
const MOODS = ['and smiled', 'and said nothing', 'without hurry', 'with great care', 'as if nothing had happened'];

/** The `index`th sentence: every index below 12 × 12 × 12 × 5 gives a different one, so none is served from the cache. */
function sentence(index: number): string {
  const pick = <T>(list: readonly T[], divisor: number) => list[Math.floor(index / divisor) % list.length] as T;
  return `${pick(SUBJECTS, 1)} ${pick(ACTIONS, 12)} ${pick(PLACES, 144)} ${pick(MOODS, 1728)}.`;
}

const LINES = [
  'Did you see where the boat went',
  'We should leave before the road floods',
  'I never trusted that map',
  'Tell me again what the letter said',
  'There is still time to turn back',
  'Nobody told me the bridge was closed',
  'Bring the lantern and follow me',
  'I heard the bells an hour ago',
];

/**
 * Plain text of about `characters` characters: "Chapter N: ..." lines (the importer's chapter
 * markers), paragraphs of narration, and quoted lines attributed with a speech verb to one of two
 * speakers (the importer's speaker detection). Sentences carry an index, so no two are alike.
 */
export function benchManuscript(characters: number): string {
  const chapterCount = Math.max(1, Math.round(characters / CHARACTERS_PER_CHAPTER));
  const perChapter = characters / chapterCount;
  const parts: string[] = [];
  let next = 0;
  let written = 0;
  for (let chapter = 1; chapter <= chapterCount; chapter += 1) {
    parts.push(`Chapter ${chapter}: The ${['Harbour', 'Bridge', 'Storm', 'Letter', 'Lantern'][chapter % 5]}`);
    const goal = perChapter * chapter;
    for (let paragraph = 0; written < goal; paragraph += 1) {
      let text: string;
      if (paragraph % 3 === 2) {
        // A line of dialogue: "…," said Mara. The index keeps it unlike every other line.
        const speaker = CAST[Math.floor(paragraph / 3) % CAST.length]?.name ?? 'Mara';
        const line = LINES[next % LINES.length];
        text = `"${line}, ${sentence(next).toLowerCase().slice(0, -1)}?" asked ${speaker}.`;
        next += 1;
      } else {
        // Narration: three to six sentences, a paragraph of about 250 to 500 characters.
        const count = 3 + (paragraph % 4);
        text = Array.from({ length: count }, (_, i) => sentence(next + i)).join(' ');
        next += count;
      }
      parts.push(text);
      written += text.length;
    }
  }
  return parts.join('\n\n');
}

/** Paragraphs into as few texts of at most `limit` characters as the studio would need, at paragraph ends. */
export function studioTexts(paragraphs: string[], limit = MAX_TEXT_LENGTH): string[] {
  const texts: string[] = [];
  let current = '';
  for (const paragraph of paragraphs) {
    const joined = current ? `${current}\n\n${paragraph}` : paragraph;
    if (joined.length <= limit) {
      current = joined;
      continue;
    }
    if (current) texts.push(current);
    if (paragraph.length > limit) throw new Error('a paragraph longer than the studio takes');
    current = paragraph;
  }
  if (current) texts.push(current);
  return texts;
}

// --- HTTP as a signed-in user -----------------------------------------------------------------

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

async function call<T>(base: string, method: string, route: string, body?: unknown, cookie?: string): Promise<T> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** A new user with a million credits: staff add money, the user buys the starter pack with it. */
async function userWithCredits(base: string, label: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      email: `project-bench-${label}-${randomUUID().slice(0, 8)}@example.test`,
      password: 'bench password 123',
      name: 'Project Bench',
    }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const cookie = cookieOf(response);
  const { user } = (await response.json()) as { user: { id: string } };
  const adminResponse = await fetch(`${base}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (!adminResponse.ok) throw new Error(`admin sign-in: ${adminResponse.status}`);
  const admin = cookieOf(adminResponse);
  await call(base, 'POST', `/api/admin/users/${user.id}/balance/add`, { amount: 3_000 }, admin);
  await call(base, 'POST', '/api/purchases', { packId: 'starter', idempotencyKey: randomUUID() }, cookie);
  return cookie;
}

interface ProjectShape {
  id: string;
  chapters: { blocks: { text: string }[] }[];
  speakers: { name: string }[];
}

/** Creates the project from the text, casts its speakers; answers it with its blocks' texts. */
async function createProject(base: string, cookie: string, text: string): Promise<ProjectShape> {
  const project = await call<ProjectShape>(
    base,
    'POST',
    '/api/projects',
    { title: 'Bench book', narrator_voice_id: NARRATOR, text, format: 'txt' },
    cookie,
  );
  for (const { name, voice } of CAST) {
    if (!project.speakers.some((speaker) => speaker.name === name)) {
      throw new Error(`the importer did not find the speaker ${name} (found: ${project.speakers.map((s) => s.name)})`);
    }
    await call(base, 'PUT', `/api/projects/${project.id}/cast`, { name, voice_id: voice }, cookie);
  }
  return project;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await done()) return;
    await sleep(POLL_MS);
  }
  throw new Error(`${what} did not finish within ${Math.round(timeoutMs / 1000)} s`);
}

/** Generous: 40 characters a second (a hundredth of a quiet machine's eSpeak rate), plus two minutes. */
const timeoutFor = (characters: number) => 120_000 + (characters / 40) * 1_000;

/** Renders the whole project and answers the seconds until its progress reads complete. */
async function renderProject(base: string, cookie: string, projectId: string, characters: number): Promise<number> {
  const started = performance.now();
  const render = await call<{ blocks: number; credits: number }>(
    base,
    'POST',
    `/api/projects/${projectId}/render`,
    { scope: 'project' },
    cookie,
  );
  if (render.credits !== characters) throw new Error(`render charged ${render.credits}, not ${characters}`);
  await until(
    async () => {
      const progress = await call<{ complete: boolean; failed: number }>(
        base,
        'GET',
        `/api/projects/${projectId}/progress`,
        undefined,
        cookie,
      );
      if (progress.failed > 0) throw new Error(`${progress.failed} block(s) failed`);
      return progress.complete;
    },
    timeoutFor(characters),
    'the project render',
  );
  return (performance.now() - started) / 1000;
}

/** Submits every text to the studio's route at once and answers the seconds until all are done. */
async function renderTexts(base: string, cookie: string, texts: string[], characters: number): Promise<number> {
  const started = performance.now();
  const ids: string[] = [];
  for (const text of texts) {
    const { task_id } = await call<{ task_id: string }>(
      base,
      'POST',
      '/api/tts',
      {
        text,
        model: 'speech-2.8-hd',
        voice_setting: { voice_id: NARRATOR, vol: 1, pitch: 0, speed: 1 },
        language_boost: 'Auto',
        with_transcript: false,
      },
      cookie,
    );
    ids.push(task_id);
  }
  await until(
    async () => {
      const statuses = await Promise.all(
        ids.map(
          async (id) =>
            (await call<{ status: string }>(base, 'GET', `/api/elevenlabs/task/${id}`, undefined, cookie)).status,
        ),
      );
      if (statuses.includes('failed')) throw new Error('a studio task failed');
      return statuses.every((status) => status === 'done');
    },
    timeoutFor(characters),
    'the studio texts',
  );
  return (performance.now() - started) / 1000;
}

interface Rendered {
  characters: number;
  tasks: number;
  seconds: number;
}

/** The project path: every block one task, the whole project in one render request. */
async function renderWhole(base: string, cookie: string, projectId: string, blocks: string[]): Promise<Rendered> {
  const characters = blocks.reduce((sum, text) => sum + [...text].length, 0);
  return { characters, tasks: blocks.length, seconds: await renderProject(base, cookie, projectId, characters) };
}

/** The single-text path: the same paragraphs in the fewest texts the studio takes. */
async function renderSingle(base: string, cookie: string, blocks: string[]): Promise<Rendered> {
  const texts = studioTexts(blocks);
  const characters = texts.reduce((sum, text) => sum + [...text.trim()].length, 0);
  return { characters, tasks: texts.length, seconds: await renderTexts(base, cookie, texts, characters) };
}

// --- Processes and memory -------------------------------------------------------------------

async function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
}

/** Samples a process's VmRSS until stopped; answers the highest, in MiB. */
function sampleRss(pid: number): { stop: () => Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await statusKiB(pid, 'VmRSS'));
      await sleep(RSS_SAMPLE_MS);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return Math.max(peak, await statusKiB(pid, 'VmRSS')) / 1024;
    },
  };
}

interface Deployment {
  name: string;
  base: string;
  /** The process that renders: the worker process, or the single process. */
  renderer: ServerProcess;
  close(): Promise<void>;
}

async function startDeployment(databaseServerUrl: string | null): Promise<Deployment> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-project-bench-'));
  const database = databaseServerUrl ? await createDatabaseOn(databaseServerUrl) : null;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...MANY_USERS_ENV,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // Measured is how fast the product renders, not when its overload guard starts refusing.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const processes: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(processes.map(stopServerProcess));
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const api = startServerProcess('api', 'api', { ...env, ...(database ? { RUN_WORKERS: 'false' } : {}) });
    processes.push(api);
    await waitUntilReady(api, () => answersHealthCheck(base), 120_000);
    if (!database) return { name: 'one process (API and worker), PGlite', base, renderer: api, close };
    const worker = startServerProcess('worker', 'worker', env);
    processes.push(worker);
    await waitUntilReady(worker, () => worker.logged('worker started').length > 0, 120_000);
    return { name: 'API process + worker process, PostgreSQL', base, renderer: worker, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// --- The scenario ---------------------------------------------------------------------------

/** One path of one round: a fresh user, the render, the renderer's memory while it ran. */
async function measurePath(
  deployment: Deployment,
  round: number,
  path: RenderPath,
  manuscript: string,
): Promise<PathRun & { project: ProjectShape }> {
  const { base } = deployment;
  const cookie = await userWithCredits(base, `${path}-${round}`);
  // The single-text path needs the paragraphs as the importer cut them, so it imports too: the
  // project is made before the clock starts on either path, and only rendered on the project path.
  const project = await createProject(base, cookie, manuscript);
  const blocks = project.chapters.flatMap((chapter) => chapter.blocks.map((block) => block.text.trim()));
  const sampler = sampleRss(deployment.renderer.child.pid ?? 0);
  let rendered: Rendered;
  try {
    rendered =
      path === 'project'
        ? await renderWhole(base, cookie, project.id, blocks)
        : await renderSingle(base, cookie, blocks);
  } catch (error) {
    // Stopped on failure too: its loop would otherwise keep the bench alive.
    await sampler.stop();
    throw error;
  }
  const peakRssMiB = await sampler.stop();
  const { characters, tasks, seconds } = rendered;
  return { round, path, characters, tasks, seconds, peakRssMiB, project };
}

export async function measureProjectRender(
  settings: ProjectRenderSettings,
  log: (line: string) => void,
): Promise<ProjectRenderResult> {
  const machine = await describeMachine();
  const deployment = await startDeployment(settings.databaseServerUrl);
  try {
    log(`projects: ${deployment.name} is up`);
    const pid = deployment.renderer.child.pid ?? 0;
    await sleep(2_000);
    const restRssMiB = (await statusKiB(pid, 'VmRSS')) / 1024;
    // Warm-up: eSpeak's WebAssembly, the render threads, the connection pools and the JIT, on a
    // small project and its single-text twin.
    const warmUp = benchManuscript(4_000);
    for (const path of ['project', 'single'] as const) await measurePath(deployment, 0, path, warmUp);
    const manuscript = benchManuscript(settings.characters);
    const runs: PathRun[] = [];
    let shape: ProjectShape | undefined;
    for (let round = 1; round <= settings.rounds; round += 1) {
      const order: RenderPath[] = round % 2 === 1 ? ['project', 'single'] : ['single', 'project'];
      for (const path of order) {
        const { project, ...run } = await measurePath(deployment, round, path, manuscript);
        shape = project;
        runs.push(run);
        log(
          `projects: round ${round}, ${path}: ${run.characters} characters, ${run.tasks} tasks, ${run.seconds.toFixed(1)} s, ${Math.round(run.characters / run.seconds)} chars/s, peak RSS ${run.peakRssMiB.toFixed(0)} MiB`,
        );
      }
    }
    if (deployment.renderer.child.exitCode !== null) throw new Error('the rendering process exited during the run');
    return {
      machine,
      deployment: deployment.name,
      chapters: shape?.chapters.length ?? 0,
      blocks: shape?.chapters.reduce((sum, chapter) => sum + chapter.blocks.length, 0) ?? 0,
      speakers: shape?.speakers.map((speaker) => speaker.name) ?? [],
      runs,
      lifetimePeakMiB: (await statusKiB(pid, 'VmHWM')) / 1024,
      restRssMiB,
    };
  } finally {
    await deployment.close();
  }
}

/** The scenario's table and verdict, for the bench's output and docs/benchmarks.md. */
export function describeProjectRender(result: ProjectRenderResult, settings: ProjectRenderSettings): string[] {
  const rate = (run: PathRun) => run.characters / run.seconds;
  const of = (path: RenderPath) => result.runs.filter((run) => run.path === path);
  const first = (path: RenderPath) => of(path)[0];
  // Each round's two paths ran back to back, so their ratio is the fair comparison on a machine
  // whose load changes; the verdict is the median of the rounds' ratios.
  const ratios = [...new Set(result.runs.map((run) => run.round))].flatMap((round) => {
    const project = result.runs.find((run) => run.round === round && run.path === 'project');
    const single = result.runs.find((run) => run.round === round && run.path === 'single');
    return project && single ? [{ round, ratio: rate(project) / rate(single) }] : [];
  });
  const ratio = median(ratios.map((r) => r.ratio));
  const ratioOf = (round: number) => ratios.find((r) => r.round === round)?.ratio;
  return [
    `Machine: ${result.machine.cpu}, ${result.machine.cores} cores, load average at start ${result.machine.loadAverage.map((n) => n.toFixed(2)).join(', ')}`,
    `Deployment: ${result.deployment}; eSpeak; ${settings.rounds} round(s), paths alternating, a fresh user per path per round (cold sentence cache).`,
    `Project: ${first('project')?.characters.toLocaleString('en')} characters in ${result.chapters} chapters, ${result.blocks} blocks, speakers ${result.speakers.join(' and ')} cast to ${CAST.map((c) => c.voice).join(' and ')}, narrator ${NARRATOR}.`,
    `Single text: the same paragraphs in ${first('single')?.tasks} texts of at most ${MAX_TEXT_LENGTH.toLocaleString('en')} characters, POST /api/tts with ${NARRATOR}.`,
    '',
    '| round | path | characters | tasks | seconds | chars/s | project / single (round) | renderer peak RSS MiB |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.runs.map((run) => {
      const name = run.path === 'project' ? 'project (whole render)' : 'single text (/api/tts)';
      const roundRatio = run.path === 'project' ? (ratioOf(run.round)?.toFixed(3) ?? '') : '';
      return `| ${run.round} | ${name} | ${run.characters.toLocaleString('en')} | ${run.tasks} | ${run.seconds.toFixed(1)} | ${Math.round(rate(run)).toLocaleString('en')} | ${roundRatio} | ${run.peakRssMiB.toFixed(0)} |`;
    }),
    '',
    `Median throughput: project ${Math.round(median(of('project').map(rate))).toLocaleString('en')} chars/s, single text ${Math.round(median(of('single').map(rate))).toLocaleString('en')} chars/s; median of the rounds' project / single = ${ratio.toFixed(3)} (${ratio >= 0.9 ? 'within' : 'NOT within'} 10%).`,
    `Renderer memory: ${result.restRssMiB.toFixed(0)} MiB at rest; peak while rendering, median per path: project ${median(of('project').map((r) => r.peakRssMiB)).toFixed(0)} MiB, single text ${median(of('single').map((r) => r.peakRssMiB)).toFixed(0)} MiB; VmHWM over the whole run ${result.lifetimePeakMiB.toFixed(0)} MiB.`,
  ];
}
