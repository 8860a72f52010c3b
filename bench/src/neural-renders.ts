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
import { runLoad } from './http-load.js';

const MODEL = 'vits-piper-en_US-amy-low';
const VOICE = `${MODEL}.0`;
const ESPEAK_VOICE = 'espeak-en-us-f2';
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

async function signUp(baseUrl: string, label: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: `${label}@example.test`, password: 'bench password 123', name: label }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** The neural voice through the preset studio, or an eSpeak voice through the clone studio's route. */
async function submit(baseUrl: string, cookie: string, text: string, engine: 'neural' | 'espeak'): Promise<string> {
  const request =
    engine === 'neural'
      ? { url: '/api/elevenlabs/tts', body: { text, voice_id: VOICE, model_id: MODEL } }
      : {
          url: '/api/tts',
          body: {
            text,
            model: 'speech-2.8-hd',
            voice_setting: { voice_id: ESPEAK_VOICE, vol: 1, pitch: 0, speed: 1 },
            language_boost: 'Auto',
            with_transcript: false,
          },
        };
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(request.body),
  });
  if (!response.ok) throw new Error(`submit failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { task_id: string }).task_id;
}

async function statusOf(baseUrl: string, cookie: string, taskId: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/elevenlabs/task/${taskId}`, { headers: { cookie } });
  return ((await response.json()) as { status: string }).status;
}

const finished = (status: string) => status === 'done' || status === 'failed';

async function waitUntilDone(baseUrl: string, cookie: string, taskIds: string[]): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const statuses = await Promise.all(taskIds.map((id) => statusOf(baseUrl, cookie, id)));
    if (statuses.every(finished)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('renders did not finish within 5 minutes');
}

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
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
      SPEECH_REQUESTS_PER_MINUTE: '10000',
      SPEECH_REQUESTS_PER_IP_PER_MINUTE: '10000',
      SPEECH_ACTIVE_TASKS_PER_USER: '100',
    },
  });
  const rounds = (): LoadRounds => ({ p99Ms: [], medianMs: [], stillRendering: [] });
  const result: NeuralRenderResult = { idle: rounds(), neural: rounds(), espeak: rounds() };
  try {
    const { baseUrl } = server;
    const poller = await signUp(baseUrl, 'poller');
    const polled = await submit(baseUrl, poller, 'A short line to poll.', 'neural');
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
        const tasks = await Promise.all(Array.from({ length: RENDERS }, () => submit(baseUrl, user, text, engine)));
        // Let the worker pick the first task up before measuring.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const busy = await poll();
        result[engine].p99Ms.push(busy.p99Ms);
        result[engine].medianMs.push(busy.medianMs);
        const statuses = await Promise.all(tasks.map((id) => statusOf(baseUrl, user, id)));
        result[engine].stillRendering.push(statuses.filter((status) => !finished(status)).length);
        await waitUntilDone(baseUrl, user, tasks);
      }
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

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
