import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { createMinimaxEngine } from '../../src/engines/minimax/minimax-engine.js';
import { type FakeMinimax, type Fault, startFakeMinimax } from '../fakes/fake-minimax.js';
import { buildTestApp } from '../helpers/build-app.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

let fake: FakeMinimax;
beforeAll(async () => {
  fake = await startFakeMinimax();
});
afterAll(() => fake.close());

async function appOnMinimax(): Promise<FastifyInstance> {
  const minimax = createMinimaxEngine({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    defaultModel: 'speech-2.5-hd-preview',
    http: { sleep: async () => {} },
  });
  return buildTestApp({ engines: [createEspeakEngine(), minimax] });
}

function speak(app: FastifyInstance, cookie: string, voiceId: string, text: string) {
  return app.inject({
    method: 'POST',
    url: '/api/tts',
    headers: { origin: ORIGIN, cookie },
    payload: { text, model: 'speech-2.5-hd-preview', voice_setting: { voice_id: voiceId, vol: 1, pitch: 0, speed: 1 } },
  });
}

describe('provider A served by MiniMax (against the fake)', () => {
  it('speaks, clones, speaks with the clone and deletes it through the product’s routes', async () => {
    const app = await appOnMinimax();
    const health = (await app.inject({ method: 'GET', url: '/api/health' })).json() as { engines: unknown[] };
    expect(health.engines).toContainEqual({ id: 'minimax', status: 'up', serves: ['A'] });
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

    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(await spokenSampleWav())], { type: 'audio/wav' }), 'me.wav');
    form.append('voice_name', 'Me on MiniMax');
    form.append('language_tag', 'English');
    form.append('preview_text', 'Hello, this is my cloned voice.');
    form.append('need_noise_reduction', 'true');
    const created = await app.inject({
      method: 'POST',
      url: '/api/voice/clone',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: form,
    });
    expect(created.statusCode).toBe(200);
    const voice = created.json() as { id: string; approximate: boolean; mp3_link: string };
    expect(voice.approximate).toBe(false);
    expect(fake.clonedVoices.has(voice.id)).toBe(true);

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

  const faults: [string, Fault, string][] = [
    [
      'an unknown voice',
      { kind: 'code', code: 20132 },
      'The selected voice is not available. Please select a different voice.',
    ],
    [
      'an empty provider balance',
      { kind: 'code', code: 1008 },
      'The speech service has run out of balance. Please contact support.',
    ],
    ['invalid parameters', { kind: 'code', code: 2013 }, 'Invalid input. Please check your text and voice selection.'],
    ['a truncated answer', { kind: 'truncated' }, 'The speech service sent an unreadable answer. Please try again.'],
    ['a server error', { kind: 'http', status: 503 }, 'The speech service failed (HTTP 503). Please try again.'],
  ];
  for (const [label, fault, message] of faults) {
    it(`ends the task after ${label} with the mapped message, every credit back and no files`, async () => {
      const app = await appOnMinimax();
      const user = await signedInUser(app);
      const before = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).json() as {
        credits: number;
      };
      // A server error is retried; make every attempt fail so the task does.
      for (let i = 0; i < (fault.kind === 'http' ? 4 : 1); i += 1) fake.fail('/v1/t2a_v2', fault);
      const submitted = await speak(app, user.cookie, 'English_Graceful_Lady', 'This will be refused by the provider.');
      const taskId = (submitted.json() as { task_id: string }).task_id;
      const task = await waitForTask(app, taskId, user.cookie);
      expect(task).toMatchObject({ status: 'failed', error_message: message });
      const after = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).json() as {
        credits: number;
      };
      expect(after.credits).toBe(before.credits);
      expect(await app.storage.stat(`tasks/${taskId}/audio.mp3`)).toBeNull();
      expect(await app.storage.stat(`tasks/${taskId}/transcript.srt`)).toBeNull();
      await expectLedgerInvariants(app.db);
    });
  }
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
    for (const text of [...bodies, ...lines]) {
      expect(text).not.toContain('minimax-secret-key-123');
      expect(text).not.toContain('elevenlabs-secret-key-456');
    }
    expect(lines.length).toBeGreaterThan(5);
  });
});
