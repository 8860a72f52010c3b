import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabaseOn } from '../../apps/server/test/helpers/server-database.js';
import {
  answersHealthCheck,
  freePort,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../../apps/server/test/helpers/server-processes.js';
import { startServer } from '../../e2e/support/server.js';
import { percentile } from './http-load.js';
import { SPEECH_BENCH_ENV } from './speech-routes.js';

/** Issue 15's text size: 5,000 characters, spoken by eSpeak. */
export const FIRST_AUDIO_CHARACTERS = 5_000;

export interface FirstAudioRun {
  /** Submission sent → its answer (credits held, task recorded, job queued). */
  acceptedMs: number;
  /** Submission sent → the first poll that finds a worker on the task (the queue's pickup, seen at 50 ms steps). */
  startedMs: number;
  /** Submission sent → first byte of the task's `stream_url` (the studios play from here now). */
  firstByteMs: number;
  /** Submission sent → the task answers done with its `audio_url` (the only audio before streaming). */
  doneMs: number;
  streamedBytes: number;
}

export interface FirstAudioResult {
  runs: FirstAudioRun[];
  medianAcceptedMs: number;
  medianStartedMs: number;
  medianFirstByteMs: number;
  medianDoneMs: number;
}

/**
 * A text of `characters` whose every sentence names the run, so no run is served from the sentence
 * cache of an earlier one: each measures a cold render.
 */
function coldText(run: number, characters: number): string {
  const sentences: string[] = [];
  for (let i = 1; sentences.join(' ').length < characters; i += 1) {
    sentences.push(`In run ${run}, sentence ${i} tells the listener how the studio reads a long text aloud.`);
  }
  return sentences.join(' ').slice(0, characters).trim();
}

async function signUp(baseUrl: string, run: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: `first-audio${run}@example.test`, password: 'bench password 123', name: 'Bench' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Reads a stream until its first byte; the rest is drained in the background so the server finishes normally. */
async function firstByte(url: string, t0: number): Promise<{ at: number; total: Promise<number> }> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done || first.value.length === 0) throw new Error('the stream ended before any audio');
  const at = performance.now() - t0;
  const total = (async () => {
    let bytes = first.value.length;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return bytes;
      bytes += value.length;
    }
  })();
  return { at, total };
}

/** Polls the task (every 50 ms, far more often than any client) until it is done: the earliest moment its file existed. */
async function untilDone(
  baseUrl: string,
  taskId: string,
  cookie: string,
  t0: number,
): Promise<{ startedMs: number; doneMs: number }> {
  let startedMs = Number.NaN;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/elevenlabs/task/${taskId}`, { headers: { cookie } });
    const task = (await response.json()) as { status: string; audio_url: string | null };
    if (task.status === 'failed') throw new Error('the bench task failed');
    if (task.status !== 'queued' && Number.isNaN(startedMs)) startedMs = performance.now() - t0;
    if (task.status === 'done' && task.audio_url) return { startedMs, doneMs: performance.now() - t0 };
    await sleep(50);
  }
}

/** Load shedding answers by how busy the shared machine is; the bench measures the render path. */
const FIRST_AUDIO_ENV = {
  ...SPEECH_BENCH_ENV,
  RUN_WORKERS: 'true',
  LOG_LEVEL: 'error',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  REQUEST_DATABASE_WAIT_MS: '0',
};

interface Deployment {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The default install: one built process that serves the API and renders (embedded PGlite). */
async function startOne(): Promise<Deployment> {
  const server = await startServer({ env: FIRST_AUDIO_ENV });
  return { baseUrl: server.baseUrl, stop: () => server.stop() };
}

/**
 * docs/operations.md's split: an API process (which serves the stream) and a worker process (which
 * renders) on one PostgreSQL database and one files folder, so renders never hold up the API's thread.
 */
async function startSplit(databaseServerUrl: string): Promise<Deployment> {
  const database = await createDatabaseOn(databaseServerUrl);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-bench-first-audio-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const shared = {
    ...FIRST_AUDIO_ENV,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SPEECH_ENGINE_B: 'espeak',
  };
  const api = startServerProcess('api', 'api', {
    ...shared,
    RUN_WORKERS: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  const worker = startServerProcess('worker', 'worker', { ...shared, LOG_LEVEL: 'info' });
  await Promise.all([
    waitUntilReady(api, () => answersHealthCheck(baseUrl), 120_000),
    waitUntilReady(worker, () => worker.logged('worker started').length > 0, 120_000),
  ]);
  return {
    baseUrl,
    async stop() {
      await Promise.all([stopServerProcess(api), stopServerProcess(worker)]);
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One cold 5,000-character eSpeak task: from sending the submission to the first byte of the
 * stream its answer links to, and, for the same task, to the moment it is done (before streaming,
 * the first moment any audio could be fetched; the studio then saw it only at its next 5 s poll).
 */
async function measureOnce(baseUrl: string, run: number): Promise<FirstAudioRun> {
  const cookie = await signUp(baseUrl, run);
  const t0 = performance.now();
  const response = await fetch(`${baseUrl}/api/elevenlabs/tts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({
      text: coldText(run, FIRST_AUDIO_CHARACTERS),
      voice_id: 'espeak-en-us-f2',
      model_id: 'espeak-ng',
    }),
  });
  const answer = (await response.json()) as { task_id: string; stream_url?: string };
  const acceptedMs = performance.now() - t0;
  if (!answer.stream_url) throw new Error(`the submission gave no stream_url: ${JSON.stringify(answer)}`);
  const [stream, { startedMs, doneMs }] = await Promise.all([
    firstByte(answer.stream_url, t0),
    untilDone(baseUrl, answer.task_id, cookie, t0),
  ]);
  return { acceptedMs, startedMs, firstByteMs: stream.at, doneMs, streamedBytes: await stream.total };
}

export async function measureFirstAudio(runs: number, databaseServerUrl?: string): Promise<FirstAudioResult> {
  const deployment = databaseServerUrl ? await startSplit(databaseServerUrl) : await startOne();
  const results: FirstAudioRun[] = [];
  try {
    // One warm-up render: the first eSpeak run and the first queries pay for loading.
    for (let run = 0; run <= runs; run += 1) {
      const result = await measureOnce(deployment.baseUrl, run);
      if (run > 0) results.push(result);
    }
  } finally {
    await deployment.stop();
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return {
    runs: results,
    medianAcceptedMs: percentile(sorted(results.map((run) => run.acceptedMs)), 50),
    medianStartedMs: percentile(sorted(results.map((run) => run.startedMs)), 50),
    medianFirstByteMs: percentile(sorted(results.map((run) => run.firstByteMs)), 50),
    medianDoneMs: percentile(sorted(results.map((run) => run.doneMs)), 50),
  };
}

export function describeFirstAudio(result: FirstAudioResult): string[] {
  const ms = (value: number) => value.toFixed(0);
  return [
    '| run | submission answered ms | worker started ms | first audio byte ms (stream_url, after) | task done ms (audio_url, before) | streamed bytes |',
    '| --- | --- | --- | --- | --- | --- |',
    ...result.runs.map(
      (run, index) =>
        `| ${index + 1} | ${ms(run.acceptedMs)} | ${ms(run.startedMs)} | ${ms(run.firstByteMs)} | ${ms(run.doneMs)} | ${run.streamedBytes} |`,
    ),
    `| median | ${ms(result.medianAcceptedMs)} | ${ms(result.medianStartedMs)} | ${ms(result.medianFirstByteMs)} | ${ms(result.medianDoneMs)} | |`,
  ];
}
