import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { createElevenLabsEngine } from '../../src/engines/elevenlabs/elevenlabs-engine.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { type ElevenLabsFault, type FakeElevenLabs, startFakeElevenLabs } from '../fakes/fake-elevenlabs.js';
import { buildTestApp } from '../helpers/build-app.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

const RACHEL = '21m00Tcm4TlvDq8ikWAM';

let fake: FakeElevenLabs;
beforeAll(async () => {
  fake = await startFakeElevenLabs();
});
afterAll(() => fake.close());

// One retry keeps the server-error case quick; the SDK's own backoff runs for real.
const appOnElevenLabs = (overrides: { timeoutSeconds?: number; maxRetries?: number } = {}): Promise<FastifyInstance> =>
  buildTestApp({
    engines: [
      createEspeakEngine(),
      createElevenLabsEngine({
        apiKey: fake.apiKey,
        baseUrl: fake.url,
        defaultModel: 'eleven_multilingual_v2',
        maxRetries: 1,
        ...overrides,
      }),
    ],
  });

const credits = async (app: FastifyInstance, cookie: string) =>
  ((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as { credits: number }).credits;

function speak(app: FastifyInstance, cookie: string, text: string) {
  return app.inject({
    method: 'POST',
    url: '/api/elevenlabs/tts',
    headers: { origin: ORIGIN, cookie },
    payload: { text, voice_id: RACHEL, model_id: 'eleven_multilingual_v2', speed: 1, pitch: 0, volume: 1 },
  });
}

async function fetchSigned(app: FastifyInstance, link: string | null) {
  const url = new URL(link ?? '');
  return app.inject({ method: 'GET', url: url.pathname + url.search });
}

describe('the preset studio (provider B) served by ElevenLabs (against the fake)', () => {
  it('lists the service’s voices and models and speaks through the product’s routes', async () => {
    const app = await appOnElevenLabs();
    const user = await signedInUser(app);

    const { voices } = (await app.inject({ method: 'GET', url: '/api/elevenlabs/voices' })).json() as {
      voices: { voice_id: string; name: string }[];
    };
    expect(voices).toContainEqual(expect.objectContaining({ voice_id: RACHEL, name: 'Rachel' }));
    const { models } = (await app.inject({ method: 'GET', url: '/api/elevenlabs/models' })).json() as {
      models: { model_id: string }[];
    };
    expect(models.map((model) => model.model_id)).toContain('eleven_multilingual_v2');

    const text = 'Hello from ElevenLabs. The alignment becomes the transcript.';
    const before = await credits(app, user.cookie);
    const submitted = await speak(app, user.cookie, text);
    expect(submitted.statusCode).toBe(200);
    const task = await waitForTask(app, (submitted.json() as { task_id: string }).task_id, user.cookie);
    expect(task.status).toBe('done');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/text-to-speech/${RACHEL}/with-timestamps`,
    });

    const audio = await fetchSigned(app, task.audio_url);
    expect((await decodeMp3(audio.rawPayload)).durationMs).toBeGreaterThan(1_500);
    const srt = (await fetchSigned(app, task.transcript_url)).body;
    expect(srt).toContain('Hello from ElevenLabs.');
    expect(srt).toContain('The alignment becomes the transcript.');
    expect(await credits(app, user.cookie)).toBe(before - text.length);
  });

  const faults: [string, ElevenLabsFault[], string, { timeoutSeconds?: number; maxRetries?: number }?][] = [
    [
      'an unknown voice',
      [{ kind: 'error', status: 404, detail: { detail: { status: 'voice_not_found', message: 'gone' } } }],
      'The selected voice is not available. Please select a different voice.',
    ],
    [
      'an empty provider balance',
      [
        {
          kind: 'error',
          status: 402,
          detail: { detail: { type: 'payment_required', code: 'insufficient_credits', message: 'pay' } },
        },
      ],
      'The speech service has run out of balance. Please contact support.',
    ],
    [
      'a validation error',
      [
        {
          kind: 'error',
          status: 422,
          detail: { detail: [{ loc: ['body', 'text'], msg: 'bad', type: 'value_error' }] },
        },
      ],
      'Invalid input. Please check your text and voice selection.',
    ],
    [
      'a server error on every attempt',
      [
        { kind: 'error', status: 503, detail: { detail: { type: 'service_unavailable', message: 'down' } } },
        { kind: 'error', status: 503, detail: { detail: { type: 'service_unavailable', message: 'down' } } },
      ],
      'The speech service failed (HTTP 503). Please try again.',
    ],
    [
      'an answer slower than the timeout',
      [{ kind: 'slow', ms: 1_800 }],
      'Request timed out. Please try again.',
      { timeoutSeconds: 1, maxRetries: 0 },
    ],
    [
      'a truncated answer',
      [{ kind: 'truncated' }],
      'The speech service sent an unreadable answer. Please try again.',
      { maxRetries: 0 },
    ],
  ];
  for (const [label, injected, message, engineOptions] of faults) {
    it(`ends the task after ${label} with the mapped message, every credit back and no files`, async () => {
      const app = await appOnElevenLabs(engineOptions);
      const user = await signedInUser(app);
      const before = await credits(app, user.cookie);
      for (const fault of injected) fake.fail('/v1/text-to-speech', fault);
      const submitted = await speak(app, user.cookie, 'This will be refused by the provider.');
      const taskId = (submitted.json() as { task_id: string }).task_id;
      const task = await waitForTask(app, taskId, user.cookie);
      expect(task).toMatchObject({ status: 'failed', error_message: message, audio_url: null });
      expect(await credits(app, user.cookie)).toBe(before);
      expect(await app.storage.stat(`tasks/${taskId}/audio.mp3`)).toBeNull();
      expect(await app.storage.stat(`tasks/${taskId}/transcript.srt`)).toBeNull();
      await expectLedgerInvariants(app.db);
    });
  }

  it('answers a malformed or failed voice list with a 502 the web app falls back on, then recovers', async () => {
    const app = await appOnElevenLabs();
    const unreadable = 'The speech service sent an unreadable answer. Please try again.';
    const cases: [string, ElevenLabsFault, string][] = [
      ['no list', { kind: 'malformed', body: { voices: 'none' } }, unreadable],
      ['voices without ids', { kind: 'malformed', body: { voices: [{ name: 'Nameless' }, {}] } }, unreadable],
      ['a bare string', { kind: 'malformed', body: 'hello' }, unreadable],
      ['a null', { kind: 'malformed', body: null }, unreadable],
      ['a cut-off body', { kind: 'truncated' }, unreadable],
      [
        'a provider outage',
        { kind: 'error', status: 503, detail: { detail: { status: 'service_unavailable', message: 'down' } } },
        'The speech service failed (HTTP 503). Please try again.',
      ],
    ];
    for (const [label, fault, message] of cases) {
      // The fake answers every retry of the SDK with the same fault.
      fake.fail('/v1/voices', fault);
      fake.fail('/v1/voices', fault);
      const response = await app.inject({ method: 'GET', url: '/api/elevenlabs/voices' });
      expect(response.statusCode, label).toBe(502);
      expect(response.json(), label).toEqual({ error: message, code: expect.stringMatching(/^[A-Z_]+$/) });
      fake.faults.length = 0;
    }
    const recovered = await app.inject({ method: 'GET', url: '/api/elevenlabs/voices' });
    expect(recovered.statusCode).toBe(200);
    expect((recovered.json() as { voices: unknown[] }).voices).toContainEqual(
      expect.objectContaining({ voice_id: RACHEL }),
    );
  });

  it('waits out a 429 with Retry-After, then finishes the task and charges its credits once', async () => {
    const app = await appOnElevenLabs();
    const user = await signedInUser(app);
    const before = await credits(app, user.cookie);
    fake.requests.length = 0;
    fake.fail('/v1/text-to-speech', {
      kind: 'error',
      status: 429,
      retryAfter: '1',
      detail: { detail: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'slow down' } },
    });
    const text = 'Patience is rewarded.';
    const started = Date.now();
    const submitted = await speak(app, user.cookie, text);
    const task = await waitForTask(app, (submitted.json() as { task_id: string }).task_id, user.cookie);
    expect(task.status).toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests.filter((entry) => entry.path.endsWith('/with-timestamps'))).toHaveLength(2);
    expect(await credits(app, user.cookie)).toBe(before - text.length);
    await expectLedgerInvariants(app.db);
  });
});

describe('a clone ElevenLabs must verify', () => {
  it('is kept, and the clone answer says so to the studio and to the API (requires_verification)', async () => {
    const app = await buildTestApp({
      engines: [
        createEspeakEngine(),
        createElevenLabsEngine({ apiKey: fake.apiKey, baseUrl: fake.url, defaultModel: 'eleven_multilingual_v2' }),
      ],
      env: { SPEECH_ENGINE_A: 'elevenlabs' },
    });
    const user = await signedInUser(app);
    fake.state.requiresVerification = true;
    try {
      const form = new FormData();
      form.append('audio', new Blob([new Uint8Array(await spokenSampleWav())], { type: 'audio/wav' }), 'me.wav');
      form.append('voice_name', 'Needs checking');
      form.append('language_tag', 'english');
      const created = await app.inject({
        method: 'POST',
        url: '/api/voice/clone',
        headers: { origin: ORIGIN, cookie: user.cookie },
        payload: form,
      });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({
        voice_name: 'Needs checking',
        approximate: false,
        requires_verification: true,
      });
    } finally {
      fake.state.requiresVerification = false;
    }
  });
});

describe('a studio task on ElevenLabs', () => {
  it('is spoken a sentence per request, each stitched to the sentences before and after it', async () => {
    const app = await appOnElevenLabs();
    const user = await signedInUser(app);
    fake.requests.length = 0;
    const issuedBefore = fake.issuedRequestIds.length;
    const submitted = await speak(app, user.cookie, 'The first sentence. The second one. The third and last.');
    const task = await waitForTask(app, (submitted.json() as { task_id: string }).task_id, user.cookie);
    expect(task.status).toBe('done');
    const calls = fake.requests.filter((entry) => entry.path.endsWith('/with-timestamps'));
    const ids = fake.issuedRequestIds.slice(issuedBefore);
    expect(calls.map((call) => call.json?.text)).toEqual([
      'The first sentence.',
      'The second one.',
      'The third and last.',
    ]);
    expect(calls.map((call) => call.json?.previous_request_ids)).toEqual([undefined, ids.slice(0, 1), ids.slice(0, 2)]);
    expect(calls.map((call) => call.json?.next_text)).toEqual(['The second one.', 'The third and last.', undefined]);
  });
});
