import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createEspeakEngine } from '../../apps/server/src/engines/espeak/espeak-engine.js';
import { createSherpaEngine } from '../../apps/server/src/engines/sherpa/sherpa-engine.js';
import { LocalStorage } from '../../apps/server/src/storage/local-storage.js';
import { installStandIn } from '../../apps/server/test/helpers/sherpa-stand-ins/install.js';
import { writeStandInPiperModel } from '../../apps/server/test/helpers/sherpa-stand-ins/piper.js';
import { startServer } from '../../e2e/support/server.js';
import {
  isFinished,
  MANY_USERS_ENV,
  median,
  type SubmitRoute,
  signUp,
  submitTask,
  taskStatus,
  waitUntilDone,
} from './bench-client.js';
import { runLoad } from './http-load.js';

const MODEL = 'vits-piper-en_US-amy-low';
const VOICE = `${MODEL}.0`;
const ESPEAK_VOICE = 'espeak-en-us-f2';
/** The neural voice through the preset studio, and an eSpeak voice through the clone studio's route. */
const NEURAL: SubmitRoute = { studio: 'preset', voiceId: VOICE, modelId: MODEL };
const ESPEAK: SubmitRoute = { studio: 'clone', voiceId: ESPEAK_VOICE };
/** About 10 ms of CPU per round on this machine: a sentence then costs what a real network's does. */
const COMPUTE_ROUNDS = 1_200;
const RENDERS = 4;
const TASK_CHARACTERS = 1_500;
const POLLS = { requests: 400, connections: 4 };
const ROUNDS = 3;

interface LoadRounds {
  p99Ms: number[];
  medianMs: number[];
  /** Tasks still rendering when each measurement ended (more than 0: the load overlapped it). */
  stillRendering: number[];
}

export interface NeuralRenderResult {
  idle: LoadRounds;
  /** While 4 tasks render on the sherpa-onnx stand-in (synthesis on the runtime's threads). */
  neural: LoadRounds;
  /** While 4 tasks render on eSpeak NG (WebAssembly on the event loop), for comparison. */
  espeak: LoadRounds;
}

const SENTENCE = 'The morning train left the station a little after seven, and nobody noticed the dog. ';

/**
 * Issue 14's check that neural synthesis leaves the event loop free: the task poll route's p99
 * with no render running, next to the same load while 4 tasks render on a sherpa-onnx model, in
 * one server, interleaved over 3 rounds. The model is a stand-in (real weights cannot be
 * downloaded here) whose network does about as much arithmetic per sentence as a small real one.
 */
export async function measureNeuralRenders(): Promise<NeuralRenderResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-bench-neural-'));
  await installStandIn(path.join(dataDir, 'models'), MODEL, 'vits', (folder) =>
    writeStandInPiperModel(folder, {
      language: 'English',
      espeakVoice: 'en-us',
      speakers: 1,
      computeRounds: COMPUTE_ROUNDS,
    }),
  );
  const server = await startServer({
    dataDir,
    env: {
      SPEECH_ENGINE_B: 'sherpa',
      ...MANY_USERS_ENV,
    },
  });
  const rounds = (): LoadRounds => ({ p99Ms: [], medianMs: [], stillRendering: [] });
  const result: NeuralRenderResult = { idle: rounds(), neural: rounds(), espeak: rounds() };
  try {
    const { baseUrl } = server;
    const poller = await signUp(baseUrl, 'poller');
    const polled = await submitTask(baseUrl, poller, 'A short line to poll.', NEURAL);
    await waitUntilDone(baseUrl, poller, [polled]);
    const poll = () =>
      runLoad('GET /api/elevenlabs/task/{id}', `${baseUrl}/api/elevenlabs/task/${polled}`, {
        ...POLLS,
        init: { headers: { cookie: poller } },
      });
    const text = SENTENCE.repeat(Math.ceil(TASK_CHARACTERS / SENTENCE.length)).slice(0, TASK_CHARACTERS);
    for (let round = 0; round < ROUNDS; round += 1) {
      const idle = await poll();
      result.idle.p99Ms.push(idle.p99Ms);
      result.idle.medianMs.push(idle.medianMs);
      result.idle.stillRendering.push(0);
      for (const engine of ['neural', 'espeak'] as const) {
        const user = await signUp(baseUrl, `${engine}${round}`);
        const tasks = await Promise.all(
          Array.from({ length: RENDERS }, () => submitTask(baseUrl, user, text, engine === 'neural' ? NEURAL : ESPEAK)),
        );
        // Let the worker pick the first task up before measuring.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const busy = await poll();
        result[engine].p99Ms.push(busy.p99Ms);
        result[engine].medianMs.push(busy.medianMs);
        const statuses = await Promise.all(tasks.map((id) => taskStatus(baseUrl, user, id)));
        result[engine].stillRendering.push(statuses.filter((status) => !isFinished(status)).length);
        await waitUntilDone(baseUrl, user, tasks);
      }
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** The scenario's lines for the bench's output and docs/benchmarks.md. */
export function describeNeuralRenders(result: NeuralRenderResult): string[] {
  const ms = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  const idle = median(result.idle.p99Ms);
  const line = (label: string, rounds: LoadRounds) =>
    `| ${label} | ${ms(rounds.medianMs)} | ${ms(rounds.p99Ms)} | ${median(rounds.p99Ms).toFixed(1)} | ${(median(rounds.p99Ms) / idle).toFixed(2)}× | ${rounds.stillRendering.join(', ')} |`;
  return [
    `Poll route (GET /api/elevenlabs/task/{id}), ${POLLS.requests} polls over ${POLLS.connections} connections, while ${RENDERS} tasks of ${TASK_CHARACTERS} characters are queued on one worker, ${ROUNDS} interleaved rounds. The sherpa-onnx model is a stand-in (${COMPUTE_ROUNDS} matrix rounds per sentence, so each sentence costs CPU like a small network).`,
    '',
    '| load | median ms (per round) | p99 ms (per round) | median p99 ms | p99 / idle | tasks still rendering after each round |',
    '| --- | --- | --- | --- | --- | --- |',
    line('idle', result.idle),
    line(`${RENDERS} sherpa-onnx renders`, result.neural),
    line(`${RENDERS} eSpeak renders`, result.espeak),
  ];
}

export interface LoopDelayResult {
  engine: string;
  /** p99 of the event loop's delay, ms, sampled every 10 ms while 4 syntheses ran at once. */
  p99Ms: number;
  maxMs: number;
  seconds: number;
}

/**
 * The event loop's own delay while 4 syntheses run at once in this process, engine by engine: the
 * engine's share of any blocking, without the task pipeline's MP3 encoding and database writes.
 */
export async function measureSynthesisLoopDelay(): Promise<LoopDelayResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-bench-loop-'));
  const modelsDir = path.join(dataDir, 'models');
  await installStandIn(modelsDir, MODEL, 'vits', (folder) =>
    writeStandInPiperModel(folder, {
      language: 'English',
      espeakVoice: 'en-us',
      speakers: 1,
      computeRounds: COMPUTE_ROUNDS,
    }),
  );
  const sherpa = createSherpaEngine({
    modelsDir,
    references: new LocalStorage(path.join(dataDir, 'files')),
    watch: false,
  });
  const subjects = [
    { engine: createEspeakEngine(), voiceId: ESPEAK_VOICE },
    { engine: sherpa, voiceId: VOICE },
  ];
  const results: LoopDelayResult[] = [];
  try {
    await sherpa.status();
    const text = SENTENCE.repeat(3).trim();
    const sample = async (work: () => Promise<unknown>) => {
      const histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
      const started = performance.now();
      await work();
      histogram.disable();
      return {
        p99Ms: histogram.percentile(99) / 1e6,
        maxMs: histogram.max / 1e6,
        seconds: (performance.now() - started) / 1000,
      };
    };
    results.push({ engine: 'idle', ...(await sample(() => new Promise((resolve) => setTimeout(resolve, 2_000)))) });
    for (const { engine, voiceId } of subjects) {
      const request = { text, voiceId, modelId: null, speed: 1, pitch: 0, volume: 1, language: null };
      await engine.synthesize(request);
      const measured = await sample(() =>
        Promise.all(Array.from({ length: RENDERS }, () => engine.synthesize(request))),
      );
      results.push({ engine: engine.id, ...measured });
    }
  } finally {
    await sherpa.close?.();
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}

export function describeLoopDelay(results: LoopDelayResult[]): string[] {
  return [
    `Event-loop delay in one process while ${RENDERS} syntheses of the same ${SENTENCE.repeat(3).trim().length}-character text run at once (engine only: no MP3, no database):`,
    '',
    '| engine | seconds | loop delay p99 ms | loop delay max ms |',
    '| --- | --- | --- | --- |',
    ...results.map(
      (result) =>
        `| ${result.engine} | ${result.seconds.toFixed(2)} | ${result.p99Ms.toFixed(1)} | ${result.maxMs.toFixed(1)} |`,
    ),
  ];
}
