import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createApiKey, apiUser, listening, ALL_SCOPES } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import { describeOnEachDatabase } from '../helpers/databases.js';
import { openHolds } from '../helpers/money.js';
import { ORIGIN } from '../helpers/sessions.js';
import { scriptedEngine } from '../helpers/speech.js';

const VOICE = 'espeak-en-us-f2';
const API_TEXT = 'Hi.';
/** Over the landing demo's 150 characters, so the studio bills it to the signed-in user. */
const STUDIO_TEXT = 'This text is long enough to be a signed-in submission of the clone studio. '.repeat(3).trim();

/** A submission of the clone studio, as its page sends it, from the same address as the API calls. */
function cloneStudioSubmit(app: FastifyInstance, cookie: string) {
  return app.inject({
    method: 'POST',
    url: '/api/tts',
    remoteAddress: '127.0.0.1',
    headers: { origin: ORIGIN, cookie },
    payload: { text: STUDIO_TEXT, voice_setting: { voice_id: VOICE } },
  });
}

function sdk(base: string, secret: string) {
  return new ElevenLabsClient({ apiKey: secret, baseUrl: `${base}/elevenlabs`, maxRetries: 0 });
}

/** One short API request spoken to its end; answers the HTTP status. */
async function apiSpeech(client: ElevenLabsClient): Promise<number> {
  try {
    const audio = await client.textToSpeech.convert(VOICE, { text: API_TEXT, outputFormat: 'pcm_16000' });
    for await (const _ of audio) {
      // Read to the end, so the request is delivered and paid for.
    }
    return 200;
  } catch (error) {
    if (error instanceof ElevenLabsError) return error.statusCode ?? -1;
    throw error;
  }
}

describe('API traffic and studio traffic are limited apart', { timeout: 120_000 }, () => {
  it('35 API requests in a minute leave the studio free to submit, from the same user and address', async () => {
    // The studio's defaults: 10 a minute per user, 30 per address, 3 unfinished.
    const app = await buildTestApp();
    const base = await listening(app);
    const { secret, cookie, userId } = await apiUser(app);
    const client = sdk(base, secret);
    const statuses: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      statuses.push(...(await Promise.all(Array.from({ length: 5 }, () => apiSpeech(client)))));
    }
    expect(statuses).toEqual(Array.from({ length: 35 }, () => 200));

    const studio = await cloneStudioSubmit(app, cookie);
    expect(studio.statusCode, studio.body).toBe(200);
    const task = await app.db
      .selectFrom('speech_tasks')
      .select(['user_id', 'api_key_id'])
      .where('id', '=', (studio.json() as { task_id: string }).task_id)
      .executeTakeFirstOrThrow();
    expect(task).toEqual({ user_id: userId, api_key_id: null });
    app.server.closeAllConnections();
  });

  it('a key over its own rate gets 429 while the studio and the owner’s other key go on', async () => {
    const app = await buildTestApp({ env: { API_REQUESTS_PER_KEY_PER_MINUTE: '3' } });
    const base = await listening(app);
    const { secret, cookie } = await apiUser(app);
    const first = sdk(base, secret);
    for (let i = 0; i < 3; i += 1) expect(await apiSpeech(first)).toBe(200);
    expect(await apiSpeech(first)).toBe(429);

    expect((await cloneStudioSubmit(app, cookie)).statusCode).toBe(200);
    const other = await createApiKey(app, cookie, { name: 'Second key', scopes: ALL_SCOPES });
    expect(await apiSpeech(sdk(base, other.secret))).toBe(200);
    app.server.closeAllConnections();
  });

  it('studio submissions over the studio’s rate leave the API free', async () => {
    const app = await buildTestApp({ env: { SPEECH_REQUESTS_PER_MINUTE: '2' } });
    const base = await listening(app);
    const { secret, cookie } = await apiUser(app);
    expect((await cloneStudioSubmit(app, cookie)).statusCode).toBe(200);
    expect((await cloneStudioSubmit(app, cookie)).statusCode).toBe(200);
    const refused = await cloneStudioSubmit(app, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });

    expect(await apiSpeech(sdk(base, secret))).toBe(200);
    app.server.closeAllConnections();
  });

  it('a key has at most API_ACTIVE_REQUESTS_PER_KEY requests speaking; the studio’s cap on unfinished tasks ignores them', async () => {
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    // Every chunk waits for the gate, so the API's requests stay speaking until the test lets them go.
    const { engine } = scriptedEngine(() => gate);
    const app = await buildTestApp({
      engines: [engine],
      env: { API_ACTIVE_REQUESTS_PER_KEY: '2', SPEECH_ACTIVE_TASKS_PER_USER: '1' },
    });
    const base = await listening(app);
    const { secret, cookie } = await apiUser(app);
    const client = sdk(base, secret);
    const speaking = [apiSpeech(client), apiSpeech(client)];
    await waitFor(async () => (await processingApiTasks(app)) === 2);

    const third = await client.textToSpeech
      .convert(VOICE, { text: API_TEXT })
      .withRawResponse()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(third).toBeInstanceOf(ElevenLabsError);
    const refusal = third as ElevenLabsError;
    expect(refusal.statusCode).toBe(429);
    expect(refusal.body).toMatchObject({ detail: { status: 'rate_limit_exceeded' } });
    expect(refusal.rawResponse?.headers.get('retry-after')).toBe('5');

    // Two API tasks are unfinished, yet the studio's cap of one unfinished task is not reached.
    expect((await cloneStudioSubmit(app, cookie)).statusCode).toBe(200);
    openGate();
    expect(await Promise.all(speaking)).toEqual([200, 200]);
    expect(await apiSpeech(client)).toBe(200);
    app.server.closeAllConnections();
  });
});

describeOnEachDatabase('a key’s requests racing for its last places speaking', (target) => {
  it('lets exactly API_ACTIVE_REQUESTS_PER_KEY through and refuses the rest with 429, holding nothing for them', {
    timeout: 120_000,
  }, async () => {
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const { engine } = scriptedEngine(() => gate);
    const { database, cleanup } = await target.open();
    onTestFinished(cleanup);
    const app = await buildTestApp({
      engines: [engine],
      env: { API_ACTIVE_REQUESTS_PER_KEY: '2' },
      override: (config) => ({ ...config, database }),
    });
    const base = await listening(app);
    const { secret, userId } = await apiUser(app);
    const client = sdk(base, secret);
    const answers = Array.from({ length: 6 }, () => apiSpeech(client));
    await waitFor(async () => (await processingApiTasks(app)) === 2);
    expect(await openHolds(app, userId)).toBe(2);
    openGate();
    const statuses = (await Promise.all(answers)).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    expect(await openHolds(app, userId)).toBe(0);
    app.server.closeAllConnections();
  });
});

async function processingApiTasks(app: FastifyInstance): Promise<number> {
  const rows = await app.db
    .selectFrom('speech_tasks')
    .select('id')
    .where('api_key_id', 'is not', null)
    .where('status', '=', 'processing')
    .execute();
  return rows.length;
}

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held');
}
