import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { checkHealth } from '../../src/domains/health/service.js';
import { findTask } from '../../src/domains/speech/repository.js';
import { runSpeechTask, type SpeechJobDeps } from '../../src/domains/speech/speech-job.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { createMinimaxEngine, type MinimaxOptions } from '../../src/engines/minimax/minimax-engine.js';
import type { EngineRegistry } from '../../src/engines/registry.js';
import { type FakeMinimax, type Fault, startFakeMinimax } from '../fakes/fake-minimax.js';
import { buildTestApp, localFilesDir } from '../helpers/build-app.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

let fake: FakeMinimax;
beforeAll(async () => {
  fake = await startFakeMinimax();
});
afterAll(() => fake.close());

/** Retries in these tests wait only briefly; a test that must see a real wait passes its own sleep. */
const briefSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 10)));

/** The MiniMax adapter against the fake; text over 100 characters takes the async path. */
const minimaxEngine = (overrides: Partial<MinimaxOptions> = {}) =>
  createMinimaxEngine({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    defaultModel: 'speech-2.8-hd',
    asyncAboveChars: 100,
    pollIntervalMs: 10,
    ...overrides,
    http: { sleep: briefSleep, ...overrides.http },
  });

async function appOnMinimax(
  overrides: Partial<MinimaxOptions> = {},
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  return buildTestApp({ engines: [createEspeakEngine(), minimaxEngine(overrides)], env });
}

/** One sentence over the adapter's async threshold: the product speaks a text sentence by sentence. */
const LONG_TEXT =
  'This sentence is long enough for the asynchronous path of this adapter, and the fake makes it quickly for us.';

const credits = async (app: FastifyInstance, cookie: string) =>
  ((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as { credits: number }).credits;

/** Runs `body` with some of the fake's settings changed, and puts them back afterwards. */
async function storedFiles(app: FastifyInstance, folder: string): Promise<string[]> {
  const names = await readdir(path.join(localFilesDir(app), folder), { recursive: true }).catch(() => []);
  return names.filter((name) => /\.(wav|mp3)$/.test(name));
}

async function cloneOn(app: FastifyInstance, cookie: string, language = 'english') {
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(await spokenSampleWav())], { type: 'audio/wav' }), 'me.wav');
  form.append('voice_name', 'Me on MiniMax');
  form.append('language_tag', language);
  form.append('preview_text', 'Hello, this is my cloned voice.');
  form.append('need_noise_reduction', 'true');
  return app.inject({ method: 'POST', url: '/api/voice/clone', headers: { origin: ORIGIN, cookie }, payload: form });
}

function speak(app: FastifyInstance, cookie: string, voiceId: string, text: string) {
  return app.inject({
    method: 'POST',
    url: '/api/tts',
    headers: { origin: ORIGIN, cookie },
    payload: { text, model: 'speech-2.5-hd-preview', voice_setting: { voice_id: voiceId, vol: 1, pitch: 0, speed: 1 } },
  });
}

describe('the clone studio (provider A) served by MiniMax (against the fake)', () => {
  it('speaks, clones, speaks with the clone and deletes it through the product’s routes', async () => {
    const app = await appOnMinimax();
    const health = await checkHealth(app);
    expect(health.engines).toContainEqual({ id: 'minimax', status: 'up', serves: ['clone'] });
    const user = await signedInUser(app);

    const first = await speak(
      app,
      user.cookie,
      'English_Graceful_Lady',
      'Hello from MiniMax. This is a second sentence.',
    );
    const task = await waitForTask(app, (first.json() as { task_id: string }).task_id, user.cookie);
    expect(task.status).toBe('done');
    // The product keeps the audio and serves it from its own signed link, not the provider's.
    expect(task.audio_url).toMatch(/\/api\/files\/tasks\//);
    const audioPath = new URL(task.audio_url ?? '').pathname + new URL(task.audio_url ?? '').search;
    expect(
      (await decodeMp3((await app.inject({ method: 'GET', url: audioPath })).rawPayload)).durationMs,
    ).toBeGreaterThan(1_000);
    const srtUrl = new URL(task.transcript_url ?? '');
    const srt = (await app.inject({ method: 'GET', url: srtUrl.pathname + srtUrl.search })).body;
    expect(srt).toContain('Hello from MiniMax.');
    expect(srt).toContain('This is a second sentence.');

    // Cantonese is MiniMax's "Chinese,Yue"; the fake refuses any language_boost outside its list.
    const created = await cloneOn(app, user.cookie, 'cantonese');
    expect(created.statusCode).toBe(200);
    const voice = created.json() as { id: string; approximate: boolean; mp3_link: string };
    expect(voice.approximate).toBe(false);
    expect(fake.clonedVoices.has(voice.id)).toBe(true);
    expect(fake.requests.filter((entry) => entry.path === '/v1/voice_clone').at(-1)?.json).toMatchObject({
      voice_id: voice.id,
      language_boost: 'Chinese,Yue',
    });

    const cloned = await speak(app, user.cookie, voice.id, 'Now I speak with my cloned voice.');
    expect((await waitForTask(app, (cloned.json() as { task_id: string }).task_id, user.cookie)).status).toBe('done');

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/voice/${voice.id}`,
      headers: { origin: ORIGIN, cookie: user.cookie },
    });
    expect(removed.json()).toEqual({ success: true });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/delete_voice', json: { voice_id: voice.id } });
    expect(fake.clonedVoices.has(voice.id)).toBe(false);
  });
});

interface SpeechFault {
  label: string;
  /** Injected into the fake before the task is submitted. */
  faults?: Fault[];
  state?: Partial<FakeMinimax['state']>;
  engine?: Partial<MinimaxOptions>;
  text?: string;
  message: string;
}

const SPEECH_FAULTS: SpeechFault[] = [
  {
    label: 'an unknown voice',
    faults: [{ kind: 'code', code: 20132 }],
    message: 'The selected voice is not available. Please select a different voice.',
  },
  {
    label: 'an empty provider balance',
    faults: [{ kind: 'code', code: 1008 }],
    message: 'The speech service has run out of balance. Please contact support.',
  },
  {
    label: 'invalid parameters',
    faults: [{ kind: 'code', code: 2013 }],
    message: 'Invalid input. Please check your text and voice selection.',
  },
  {
    // 1039 (tokens per minute) is retried like 1002; 2056, the plan's usage window, is not.
    label: 'a spent plan usage window (2056)',
    faults: [{ kind: 'code', code: 2056 }],
    message: 'Too many requests. Please wait a moment and try again.',
  },
  {
    label: 'a truncated answer',
    faults: [{ kind: 'truncated' }],
    message: 'The speech service sent an unreadable answer. Please try again.',
  },
  {
    label: 'a malformed answer',
    faults: [{ kind: 'malformed' }],
    message: 'The speech service sent an unreadable answer. Please try again.',
  },
  {
    // A server error is retried; every attempt fails so the task does.
    label: 'a server error on every attempt',
    faults: Array.from({ length: 4 }, (): Fault => ({ kind: 'http', status: 503 })),
    message: 'The speech service failed (HTTP 503). Please try again.',
  },
  {
    label: 'answers slower than the timeout on every attempt',
    faults: Array.from({ length: 4 }, (): Fault => ({ kind: 'slow', ms: 600 })),
    engine: { http: { timeoutMs: 150 } },
    message: 'Request timed out. Please try again.',
  },
  {
    label: 'an async task that ends Failed',
    state: { asyncOutcome: 'Failed' },
    text: LONG_TEXT,
    message: 'The speech service could not make this audio. Please try again.',
  },
  {
    label: 'an async task that ends Expired',
    state: { asyncOutcome: 'Expired' },
    text: LONG_TEXT,
    message: 'Request timed out. Please try again.',
  },
  {
    label: 'an async task that stays Processing past the deadline',
    state: { asyncOutcome: 'Processing' },
    engine: {
      asyncDeadlineMs: 300,
      pollIntervalMs: 20,
      http: { sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
    },
    text: LONG_TEXT,
    message: 'Request timed out. Please try again.',
  },
];

describe('MiniMax failures through the product’s routes', () => {
  for (const fault of SPEECH_FAULTS) {
    it(`ends the task after ${fault.label} with the mapped message, every credit back and no files`, async () => {
      await fake.withState(fault.state ?? {}, async () => {
        const app = await appOnMinimax(fault.engine);
        const user = await signedInUser(app);
        const before = await credits(app, user.cookie);
        const path = fault.text ? '/v1/t2a_async_v2' : '/v1/t2a_v2';
        for (const injected of fault.faults ?? []) fake.fail(path, injected);
        const submitted = await speak(
          app,
          user.cookie,
          'English_Graceful_Lady',
          fault.text ?? 'This will be refused by the provider.',
        );
        const taskId = (submitted.json() as { task_id: string }).task_id;
        const task = await waitForTask(app, taskId, user.cookie);
        expect(task).toMatchObject({ status: 'failed', error_message: fault.message, audio_url: null });
        expect(await credits(app, user.cookie)).toBe(before);
        expect(await app.storage.stat(`tasks/${taskId}/audio.mp3`)).toBeNull();
        expect(await app.storage.stat(`tasks/${taskId}/transcript.srt`)).toBeNull();
        await expectLedgerInvariants(app.db);
      });
    });
  }

  it('waits out a 429 with Retry-After, then finishes the task and charges its credits once', async () => {
    const waits: number[] = [];
    const app = await appOnMinimax({
      http: {
        sleep: async (ms) => {
          waits.push(ms);
          await new Promise((resolve) => setTimeout(resolve, ms));
        },
      },
    });
    const user = await signedInUser(app);
    const before = await credits(app, user.cookie);
    fake.requests.length = 0;
    fake.fail('/v1/t2a_v2', { kind: 'http', status: 429, retryAfter: '1' });
    const text = 'Patience is rewarded.';
    const started = Date.now();
    const submitted = await speak(app, user.cookie, 'English_Graceful_Lady', text);
    const task = await waitForTask(app, (submitted.json() as { task_id: string }).task_id, user.cookie);
    expect(task.status).toBe('done');
    expect(waits).toEqual([1_000]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(fake.requests.filter((entry) => entry.path === '/v1/t2a_v2')).toHaveLength(2);
    expect(await credits(app, user.cookie)).toBe(before - text.length);
    await expectLedgerInvariants(app.db);
  });
});

describe('the configured MiniMax model', () => {
  it('replaces the spec’s default model: with MINIMAX_MODEL=speech-2.8-hd the request reaches MiniMax as speech-2.8-hd', async () => {
    await fake.withState({ acceptedModels: new Set(['speech-2.8-hd']) }, async () => {
      // Built from configuration, exactly as a deployment would be.
      const app = await buildTestApp({
        env: { MINIMAX_API_KEY: fake.apiKey, MINIMAX_BASE_URL: fake.url, MINIMAX_MODEL: 'speech-2.8-hd' },
      });
      const user = await signedInUser(app);
      fake.requests.length = 0;
      const submitted = await speak(app, user.cookie, 'English_Graceful_Lady', 'The configured model speaks.');
      const task = await waitForTask(app, (submitted.json() as { task_id: string }).task_id, user.cookie);
      expect(task.status).toBe('done');
      expect(fake.requests.find((entry) => entry.path === '/v1/t2a_v2')?.json?.model).toBe('speech-2.8-hd');
    });
  });
});

const CLONE_FAULTS: { label: string; path: string; faults: Fault[]; status: number; message: string }[] = [
  {
    label: 'a sample MiniMax measures out of range (2037)',
    path: '/v1/voice_clone',
    faults: [{ kind: 'code', code: 2037 }],
    status: 400,
    message: 'Audio file must be at least 10 seconds long.',
  },
  {
    label: 'no cloning permission (2038)',
    path: '/v1/voice_clone',
    faults: [{ kind: 'code', code: 2038 }],
    status: 502,
    message: 'Failed to create voice. Please try again.',
  },
  {
    label: 'a duplicate voice id (2039)',
    path: '/v1/voice_clone',
    faults: [{ kind: 'code', code: 2039 }],
    status: 502,
    message: 'Failed to create voice. Please try again.',
  },
  {
    label: 'a failing sample upload',
    path: '/v1/files/upload',
    faults: Array.from({ length: 4 }, (): Fault => ({ kind: 'http', status: 503 })),
    status: 502,
    message: 'Failed to create voice. Please try again.',
  },
  {
    label: 'a demo_audio download that fails after the voice was made',
    path: '/download/',
    faults: [{ kind: 'http', status: 404 }],
    status: 502,
    message: 'Failed to create voice. Please try again.',
  },
];

describe('MiniMax clone failures through the product’s routes', () => {
  for (const fault of CLONE_FAULTS) {
    it(`answers ${fault.label} with the spec’s message, keeps no file, row or provider voice`, async () => {
      const app = await appOnMinimax();
      const user = await signedInUser(app);
      const voicesBefore = new Set(fake.clonedVoices.keys());
      fake.requests.length = 0;
      for (const injected of fault.faults) fake.fail(fault.path, injected);
      const answer = await cloneOn(app, user.cookie);
      expect(answer.statusCode).toBe(fault.status);
      expect(answer.json()).toEqual({ error: fault.message, code: expect.stringMatching(/^[A-Z_]+$/) });
      expect(await storedFiles(app, 'voice-samples')).toEqual([]);
      expect(await storedFiles(app, 'voice-previews')).toEqual([]);
      expect(
        (await app.inject({ method: 'GET', url: '/api/voice/cloned', headers: { cookie: user.cookie } })).json(),
      ).toEqual({ voices: [] });
      expect(new Set(fake.clonedVoices.keys())).toEqual(voicesBefore);
      const made = fake.requests.find((entry) => entry.path === '/v1/voice_clone' && fault.path === '/download/');
      if (made) {
        // MiniMax had made the voice before the preview failed: the adapter deleted it there.
        expect(fake.requests.at(-1)).toMatchObject({
          path: '/v1/delete_voice',
          json: { voice_type: 'voice_cloning', voice_id: made.json?.voice_id },
        });
      } else {
        expect(fake.requests.some((entry) => entry.path === '/v1/delete_voice')).toBe(false);
      }
    });
  }
});

describe('a MiniMax task rerun after its worker died', () => {
  it('keeps the provider task id and polls the same job, so MiniMax is asked once; a duplicate job for a live task does nothing', async () => {
    // No worker in this app: the test runs the real task runner itself, twice.
    const app = await appOnMinimax({}, { RUN_WORKERS: 'false' });
    const user = await signedInUser(app);
    const before = await credits(app, user.cookie);
    fake.requests.length = 0;
    const submitted = await speak(app, user.cookie, 'English_Graceful_Lady', LONG_TEXT);
    const taskId = (submitted.json() as { task_id: string }).task_id;

    // The first worker: its queries never get through, and the process dies before it can record
    // anything (its database handle refuses the failure's transaction, as a dead process would).
    const doomed = minimaxEngine({
      http: {
        fetch: async (url, init) => {
          if (String(url).includes('/v1/query/')) throw new Error('the worker process is gone');
          return fetch(url, init);
        },
      },
    });
    const dyingDb = new Proxy(app.db, {
      get(target, property) {
        if (property === 'transaction') throw new Error('the worker process is gone');
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const registryOf = (engine: typeof doomed): EngineRegistry => ({
      forStudio: () => engine,
      byId: (id) => (id === engine.id ? engine : undefined),
      demo: () => null,
      reports: async () => [],
    });
    const deps = (db: SpeechJobDeps['db'], engines: EngineRegistry): SpeechJobDeps => ({
      db,
      storage: app.storage,
      engines,
      logger: app.log,
      staleTaskSeconds: 120,
      notifyCompletion: async () => {},
    });
    await expect(runSpeechTask(deps(dyingDb, registryOf(doomed)), taskId)).rejects.toThrow(
      'the worker process is gone',
    );
    const orphan = await findTask(app.db, taskId);
    expect(orphan?.status).toBe('processing');
    const created = fake.requests.find((entry) => entry.path === '/v1/t2a_async_v2');
    expect(created).toBeDefined();
    const providerTaskId = orphan?.provider_ref?.match(/\|minimax-async:(\d+)/)?.[1];
    expect(providerTaskId).toEqual(expect.any(String));

    // A duplicate job while the task still looks alive does nothing: no second render, no second purchase.
    const queriesBefore = fake.requests.filter((entry) => entry.path === '/v1/query/t2a_async_query_v2').length;
    await runSpeechTask(deps(app.db, registryOf(minimaxEngine())), taskId);
    expect((await findTask(app.db, taskId))?.status).toBe('processing');
    expect(fake.requests.filter((entry) => entry.path === '/v1/query/t2a_async_query_v2')).toHaveLength(queriesBefore);

    // The rerun, on a healthy worker, once the dead worker's heartbeat is older than the stale limit.
    await app.db
      .updateTable('speech_tasks')
      .set({ updated_at: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', taskId)
      .execute();
    await runSpeechTask(deps(app.db, registryOf(minimaxEngine())), taskId);
    const task = await waitForTask(app, taskId, user.cookie);
    expect(task.status).toBe('done');
    expect(fake.requests.filter((entry) => entry.path === '/v1/t2a_async_v2')).toHaveLength(1);
    const queried = fake.requests.filter((entry) => entry.path === '/v1/query/t2a_async_query_v2');
    expect(queried.length).toBeGreaterThan(0);
    expect(new Set(queried.map((entry) => entry.query.task_id))).toEqual(new Set([providerTaskId]));
    expect(await credits(app, user.cookie)).toBe(before - LONG_TEXT.length);
    await expectLedgerInvariants(app.db);
  });
});

describe('cloud keys', () => {
  it('stay on the server: not in the public configuration, health, voice lists or logs', async () => {
    const lines: string[] = [];
    const app = await buildTestApp({
      env: {
        MINIMAX_API_KEY: 'minimax-secret-key-123',
        MINIMAX_BASE_URL: fake.url,
        ELEVENLABS_API_KEY: 'elevenlabs-secret-key-456',
        ELEVENLABS_BASE_URL: 'http://127.0.0.1:9',
        LOG_LEVEL: 'debug',
      },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const user = await signedInUser(app);
    const bodies = await Promise.all(
      ['/api/config', '/api/health', '/api/minimax/voices', '/api/elevenlabs/models', '/api/me'].map(
        async (url) => (await app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })).body,
      ),
    );
    // The staff health report (GET /api/admin/health) names engines but never their keys.
    bodies.push(JSON.stringify(await checkHealth(app)));
    for (const text of [...bodies, ...lines]) {
      expect(text).not.toContain('minimax-secret-key-123');
      expect(text).not.toContain('elevenlabs-secret-key-456');
    }
    expect(lines.length).toBeGreaterThan(5);
  });
});
