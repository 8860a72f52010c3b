// `npm run bench`: bounded benchmarks on loopback. Boots the built server on a fresh embedded
// database and measures its routes next to a bare Fastify route in the same run, the speech
// submission and polling routes, the job queue's pickup latency, and each available engine's
// real-time factor. Counts and concurrency are fixed so a run takes a few minutes. Then, when a
// PostgreSQL server is configured (BENCH_DATABASE_URL or TEST_DATABASE_URL), issue 20's scale-out
// scenario: 1 vs 2 worker processes and 1 vs 2 API processes (bench/src/scale-out.ts).
// `npm run bench -- --only scale` runs only that scenario, `--only neural` only issue 14's
// check that neural renders leave the event loop free (bench/src/neural-renders.ts), `--only
// lighthouse` issue 15's Lighthouse runs on the landing page (bench/src/lighthouse.ts), `--only
// renders` issue 15's renders through the product (bench/src/render-load.ts; BENCH_BASE_SERVER=<an
// older build's apps/server/dist/server.js> adds that build, in alternating rounds), `--only
// first-audio` issue 15's time to first audio of a streamed task (bench/src/first-audio.ts), `--only
// routes` issue 15's routes against the floor on both databases, `--only crowd` its 200 pollers
// with 20 submitters (bench/src/route-floor.ts), `--only bzip2` issue 35's model archive decoders
// (bench/src/bzip2-decoders.ts), `--only studio-first-audio` issue 35's click to playing in
// /dashboard2 for the build before that issue and this checkout's HEAD, each built in a worktree under
// /tmp (bench/src/studio-first-audio.ts), `--only memory` issue 39's resident memory at rest and after
// 100 renders, before and after, per database (bench/src/memory-at-rest.ts), `--only projects` issue
// 37's whole project against the single-text path and the worker's peak memory
// (bench/src/project-render.ts; BENCH_PROJECT_CHARACTERS and BENCH_PROJECT_ROUNDS size it).
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../apps/server/src/config.js';
import { configuredEngines } from '../../apps/server/src/engines/configured-engines.js';
import { openStorage } from '../../apps/server/src/storage/open-storage.js';
import { startServer } from '../../e2e/support/server.js';
import { startBareFastify } from './bare-fastify.js';
import { describeBzip2, measureBzip2Decoders } from './bzip2-decoders.js';
import { describeFirstAudio, FIRST_AUDIO_CHARACTERS, measureFirstAudio } from './first-audio.js';
import { type LoadResult, runCannon } from './http-load.js';
import { measureJobPickup } from './job-pickup.js';
import { measureLandingScripts } from './landing-bytes.js';
import { measureLighthouseScenario } from './lighthouse.js';
import { describeMemory, type MemoryRound, measureMemoryRound } from './memory-at-rest.js';
import {
  describeLoopDelay,
  describeNeuralRenders,
  measureNeuralRenders,
  measureSynthesisLoopDelay,
} from './neural-renders.js';
import { measureRealTimeFactor } from './real-time-factor.js';
import { describeProjectRender, measureProjectRender, projectRenderSettings } from './project-render.js';
import { describeRenderLoad, measureRenderLoad } from './render-load.js';
import { measureCrowdScenario, measureRouteFloor } from './route-floor.js';
import { formatScaleOut, measureScaleOut } from './scale-out.js';
import { describeStudioFirstAudio, measureStudioFirstAudio, worktreeBuild } from './studio-first-audio.js';
import { benchUsers, measurePoll, measureSubmit, SPEECH_BENCH_ENV } from './speech-routes.js';

const SECONDS = 5;
const CONNECTIONS = 50;

const fixed = (n: number, digits = 2) => n.toFixed(digits);

function row(result: LoadResult, floor: LoadResult): string {
  return `| ${result.name} | ${result.requests} | ${result.failures} | ${fixed(result.medianMs)} | ${fixed(result.p99Ms)} | ${Math.round(result.requestsPerSecond)} | ${fixed(floor.requestsPerSecond / result.requestsPerSecond)}× |`;
}

async function measureSingleServer(): Promise<void> {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );

  const server = await startServer({ env: { LOG_LEVEL: 'error', ...SPEECH_BENCH_ENV } });
  const bare = await startBareFastify();
  try {
    const targets = [
      { name: 'bare Fastify route (floor)', url: bare.url },
      { name: 'GET /api/health', url: `${server.baseUrl}/api/health` },
      { name: 'GET /api/credit-packs', url: `${server.baseUrl}/api/credit-packs` },
      { name: 'GET /api/me without a session (401)', url: `${server.baseUrl}/api/me`, expectFailure: true },
    ];
    // Warm-up: JIT, connection pools and the first database round trips.
    for (const target of targets) await runCannon(target.name, target.url, { duration: 1, connections: 10 });
    const results: LoadResult[] = [];
    for (const target of targets) {
      const result = await runCannon(target.name, target.url, { duration: SECONDS, connections: CONNECTIONS });
      // The 401 route answers as designed; count it as served, not failed.
      results.push(target.expectFailure ? { ...result, failures: 0 } : result);
    }
    const users = await benchUsers(server.baseUrl, CONNECTIONS, 'single');
    results.push(await measureSubmit(server.baseUrl, users, CONNECTIONS, 1_000));
    results.push(await measurePoll(server.baseUrl, users, CONNECTIONS, SECONDS));
    const [floor] = results;
    if (!floor) throw new Error('no results');
    console.log(`\nHTTP, autocannon, ${CONNECTIONS} connections, ${SECONDS} s each (submit: 1000 requests):\n`);
    console.log('| route | requests | failures | median ms | p99 ms | req/s | slower than floor |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const result of results) console.log(row(result, floor));
    if (results.some((r) => r.failures > 0)) process.exitCode = 1;

    const landing = await measureLandingScripts(server.baseUrl);
    const kB = (bytes: number) => fixed(bytes / 1000, 1);
    console.log(
      `\nLanding page JavaScript (Chromium, empty cache): ${landing.scripts} scripts, ${kB(landing.decodedBytes)} kB as run, ` +
        `${kB(landing.transferredBytes)} kB sent (${landing.encodings.join(', ')}), ` +
        `${fixed(landing.decodedBytes / landing.transferredBytes)}× smaller on the wire`,
    );
  } finally {
    await bare.close();
    await server.stop();
  }

  const pickup = await measureJobPickup(40);
  console.log(
    `\nJob pickup (send -> handler start, PGlite, 40 jobs one at a time): median ${fixed(pickup.medianMs)} ms, p99 ${fixed(pickup.p99Ms)} ms`,
  );

  // Engines as this machine would configure them (the models installed in DATA_DIR/models).
  const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.resolve('data') });
  const files = await openStorage(config.storage);
  const engines = await configuredEngines(config, files.storage);
  console.log('\nReal-time factor (render time / audio time; splitting, synthesis, MP3, SRT):');
  console.log('chunks = the public API stream; sentences = a queued task, one take per sentence, cold cache\n');
  console.log('| engine | path | characters | runs | median s | audio s | real-time factor | × real time |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const engine of engines) {
    const status = await engine.status();
    if (status.state === 'down') {
      console.log(`| ${engine.id} | not measured: ${status.reason} | | | | | | |`);
      continue;
    }
    const [voice] = await engine.listVoices();
    if (!voice) continue;
    for (const [characters, runs] of [
      [200, 7],
      [5_000, 3],
    ] as const) {
      for (const path of ['chunks', 'sentences'] as const) {
        const result = await measureRealTimeFactor(engine, voice.id, characters, runs, path);
        console.log(
          `| ${result.engine} | ${path} | ${characters} | ${runs} | ${fixed(result.medianSeconds, 3)} | ${fixed(result.audioSeconds, 1)} | ${fixed(result.factor, 4)} | ${fixed(1 / result.factor, 0)}× |`,
        );
      }
    }
  }
  await Promise.all(engines.map((engine) => engine.close?.()));
  files.close();
}

async function measureNeuralScenario(): Promise<void> {
  console.log('\nNeural synthesis and the event loop (issue 14):\n');
  for (const line of describeLoopDelay(await measureSynthesisLoopDelay())) console.log(line);
  console.log('');
  for (const line of describeNeuralRenders(await measureNeuralRenders())) console.log(line);
}

async function measureRenderScenario(): Promise<void> {
  console.log('\nRenders through the product (issue 15): eSpeak tasks, the poll route, throughput, memory\n');
  for (const line of describeRenderLoad(await measureRenderLoad(3, (line) => console.error(line)))) console.log(line);
}

async function measureFirstAudioScenario(): Promise<void> {
  const runs = 7;
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const deployments = [
    { name: 'one process (API and worker), PGlite', url: undefined },
    ...(serverUrl ? [{ name: 'API process + worker process, PostgreSQL', url: serverUrl }] : []),
  ];
  for (const deployment of deployments) {
    console.log(
      `\nTime to first audio (issue 15), ${deployment.name}: ${FIRST_AUDIO_CHARACTERS.toLocaleString('en')} characters, eSpeak, ${runs} runs after one warm-up\n`,
    );
    for (const line of describeFirstAudio(await measureFirstAudio(runs, deployment.url))) console.log(line);
  }
}

async function measureScaleOutScenario(required: boolean): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  console.log('\nScale-out (issue 20): PostgreSQL server, S3 (s3rver), separate API and worker processes\n');
  if (!serverUrl) {
    console.log(
      'not measured: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server the bench may create databases on',
    );
    if (required) process.exitCode = 1;
    return;
  }
  const started = Date.now();
  const result = await measureScaleOut(serverUrl, (line) => console.error(line));
  console.log(formatScaleOut(result));
  console.log(`\n(scenario took ${Math.round((Date.now() - started) / 1000)} s)`);
  if (result.polling.some((row) => row.failures > 0)) process.exitCode = 1;
}

async function measureRoutesScenario(submitOnly: boolean): Promise<void> {
  console.log('\nRoutes against the floor (issue 15)\n');
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  console.log(await measureRouteFloor(serverUrl, (line) => console.error(line), submitOnly));
}

async function measureCrowdOnly(): Promise<void> {
  console.log('\nPollers and submitters at once (issue 15)\n');
  const { text, ok } = await measureCrowdScenario((line) => console.error(line));
  console.log(text);
  if (!ok) process.exitCode = 1;
}

async function measureBzip2Scenario(): Promise<void> {
  console.log('\nModel archive decompression (issue 35)\n');
  console.log(describeBzip2(await measureBzip2Decoders()));
}

/** Issue 35: /dashboard2's click to playing in a browser, the build before it against this checkout (bench/src/studio-first-audio.ts). */
async function measureStudioFirstAudioScenario(): Promise<void> {
  const runs = Number(process.env.BENCH_STUDIO_RUNS ?? 5);
  console.log(
    `\nStudio first audio (issue 35): /dashboard2, click to playing, ${runs} runs per cell after a warm-up\n`,
  );
  for (const line of describeStudioFirstAudio(await measureStudioFirstAudio(runs, (line) => console.error(line))))
    console.log(line);
}

/**
 * Issue 39: resident memory at rest and after 100 renders, for the build before that issue
 * (BENCH_MEMORY_BEFORE, by default the commit it started from) and this checkout's HEAD, each built in a
 * worktree, on PGlite and (when configured) PostgreSQL, rounds alternating between the builds.
 */
async function measureMemoryScenario(): Promise<void> {
  const rounds = Number(process.env.BENCH_MEMORY_ROUNDS ?? 2);
  const databaseServerUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
  const log = (line: string) => console.error(line);
  const builds = [
    { name: 'before (d15b847)', entry: await worktreeBuild(process.env.BENCH_MEMORY_BEFORE ?? 'd15b847', log) },
    { name: 'HEAD', entry: await worktreeBuild(await headCommit(), log) },
  ];
  const results: MemoryRound[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const database of databaseServerUrl ? [null, databaseServerUrl] : [null]) {
      for (const build of builds) {
        log(`memory: round ${round + 1}, ${build.name}, ${database ? 'PostgreSQL' : 'PGlite'}`);
        results.push(await measureMemoryRound(build.name, build.entry, database));
      }
    }
  }
  console.log(`\nMemory at rest (issue 39), ${rounds} round(s)\n`);
  for (const line of describeMemory(results, rounds)) console.log(line);
}

/** Issue 37: a whole project rendered against the single-text path, and the worker's peak memory. */
async function measureProjectScenario(): Promise<void> {
  const settings = projectRenderSettings(process.env);
  console.log(
    `\nProjects (issue 37): a ${settings.characters.toLocaleString('en')}-character project rendered whole against the single-text path\n`,
  );
  const result = await measureProjectRender(settings, (line) => console.error(line));
  for (const line of describeProjectRender(result, settings)) console.log(line);
}

async function headCommit(): Promise<string> {
  const { execFileSync } = await import('node:child_process');
  return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
}

const SCENARIOS = [
  'memory',
  'scale',
  'neural',
  'lighthouse',
  'renders',
  'first-audio',
  'routes',
  'submit',
  'crowd',
  'bzip2',
  'studio-first-audio',
  'projects',
];
const { values } = parseArgs({ options: { only: { type: 'string' } } });
if (values.only !== undefined && !SCENARIOS.includes(values.only)) {
  console.error(`--only takes one of ${SCENARIOS.join(', ')}, not "${values.only}"`);
  process.exit(64);
}
if (values.only === 'routes' || values.only === 'submit') await measureRoutesScenario(values.only === 'submit');
if (values.only === 'crowd') await measureCrowdOnly();
if (values.only === undefined) await measureSingleServer();
if (values.only === undefined || values.only === 'lighthouse')
  await measureLighthouseScenario(5, values.only === 'lighthouse');
if (values.only === undefined || values.only === 'neural') await measureNeuralScenario();
if (values.only === undefined || values.only === 'renders') await measureRenderScenario();
if (values.only === undefined || values.only === 'first-audio') await measureFirstAudioScenario();
if (values.only === undefined || values.only === 'studio-first-audio') await measureStudioFirstAudioScenario();
if (values.only === undefined || values.only === 'bzip2') await measureBzip2Scenario();
if (values.only === undefined || values.only === 'memory') await measureMemoryScenario();
if (values.only === undefined || values.only === 'projects') await measureProjectScenario();
if (values.only === undefined || values.only === 'scale') await measureScaleOutScenario(values.only === 'scale');
