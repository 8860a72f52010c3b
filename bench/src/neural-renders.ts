import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { installStandIn } from '../../apps/server/test/helpers/sherpa-stand-ins/install.js';
import { writeStandInPiperModel } from '../../apps/server/test/helpers/sherpa-stand-ins/piper.js';
import { startServer } from '../../e2e/support/server.js';
import { runLoad } from './http-load.js';

const MODEL = 'vits-piper-en_US-amy-low';
const VOICE = `${MODEL}.0`;
/** About 10 ms of CPU per round on this machine: a sentence then costs what a real network's does. */
const COMPUTE_ROUNDS = 1_200;
const RENDERS = 4;
const TASK_CHARACTERS = 1_500;
const POLLS = { requests: 400, connections: 4 };
const ROUNDS = 3;

export interface NeuralRenderResult {
  idleP99Ms: number[];
  busyP99Ms: number[];
  idleMedianMs: number[];
  busyMedianMs: number[];
  /** Tasks still rendering when each busy measurement ended (more than 0: the load overlapped it). */
  stillRendering: number[];
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

async function submit(baseUrl: string, cookie: string, text: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/elevenlabs/tts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ text, voice_id: VOICE, model_id: MODEL }),
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
  const result: NeuralRenderResult = {
    idleP99Ms: [],
    busyP99Ms: [],
    idleMedianMs: [],
    busyMedianMs: [],
    stillRendering: [],
  };
  try {
    const { baseUrl } = server;
    const poller = await signUp(baseUrl, 'poller');
    const polled = await submit(baseUrl, poller, 'A short line to poll.');
    await waitUntilDone(baseUrl, poller, [polled]);
    const poll = () =>
      runLoad('GET /api/elevenlabs/task/{id}', `${baseUrl}/api/elevenlabs/task/${polled}`, {
        ...POLLS,
        init: { headers: { cookie: poller } },
      });
    for (let round = 0; round < ROUNDS; round += 1) {
      const idle = await poll();
      result.idleP99Ms.push(idle.p99Ms);
      result.idleMedianMs.push(idle.medianMs);
      const user = await signUp(baseUrl, `renderer${round}`);
      const text = SENTENCE.repeat(Math.ceil(TASK_CHARACTERS / SENTENCE.length)).slice(0, TASK_CHARACTERS);
      const tasks = await Promise.all(Array.from({ length: RENDERS }, () => submit(baseUrl, user, text)));
      // Let the worker pick the first task up before measuring.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const busy = await poll();
      result.busyP99Ms.push(busy.p99Ms);
      result.busyMedianMs.push(busy.medianMs);
      const statuses = await Promise.all(tasks.map((id) => statusOf(baseUrl, user, id)));
      result.stillRendering.push(statuses.filter((status) => !finished(status)).length);
      await waitUntilDone(baseUrl, user, tasks);
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
  const idle = median(result.idleP99Ms);
  const busy = median(result.busyP99Ms);
  return [
    `Poll route while ${RENDERS} sherpa-onnx renders are queued (${TASK_CHARACTERS} characters each, stand-in model, ${COMPUTE_ROUNDS} matrix rounds per sentence), ${POLLS.requests} polls over ${POLLS.connections} connections, ${ROUNDS} interleaved rounds:`,
    '',
    '| load | median ms (per round) | p99 ms (per round) | median of p99 |',
    '| --- | --- | --- | --- |',
    `| idle | ${result.idleMedianMs.map((v) => v.toFixed(1)).join(', ')} | ${result.idleP99Ms.map((v) => v.toFixed(1)).join(', ')} | ${idle.toFixed(1)} |`,
    `| ${RENDERS} renders | ${result.busyMedianMs.map((v) => v.toFixed(1)).join(', ')} | ${result.busyP99Ms.map((v) => v.toFixed(1)).join(', ')} | ${busy.toFixed(1)} |`,
    '',
    `p99 while rendering / idle: ${(busy / idle).toFixed(2)}×; tasks still rendering when each busy measurement ended: ${result.stillRendering.join(', ')}`,
  ];
}
