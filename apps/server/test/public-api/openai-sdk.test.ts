import type { FastifyInstance } from 'fastify';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN } from '../helpers/sessions.js';
import { scriptedEngine } from '../helpers/speech.js';

const TEXT = 'Hello there. This is a short sentence spoken through the OpenAI dialect.';
/** Several engine chunks: eSpeak speaks at most 600 characters per call. */
const LONG_TEXT = Array.from(
  { length: 12 },
  (_, i) => `This is sentence number ${i + 1} of a longer text, spoken in parts.`,
)
  .join(' ')
  .repeat(2);

const bases = new WeakMap<FastifyInstance, string>();

async function sdkFor(app: FastifyInstance, request: Parameters<typeof apiUser>[1] = {}) {
  const base = bases.get(app) ?? (await listening(app));
  bases.set(app, base);
  const user = await apiUser(app, request);
  return { ...user, base, client: new OpenAI({ apiKey: user.secret, baseURL: `${base}/openai/v1`, maxRetries: 0 }) };
}

/**
 * After a refusal that follows a served request, the SDK's connection pool keeps a socket that the
 * server still counts as busy, and closing the app would wait for it (every response of ours has
 * ended by then: the stream tests check that). Dropping the sockets lets the test close at once.
 */
function releaseClientSockets(app: FastifyInstance): void {
  app.server.closeAllConnections();
}

/** The error an SDK call rejects with, for its status and OpenAI-shaped body. */
async function apiError(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof OpenAI.APIError)) throw new Error(`expected an APIError, got ${String(error)}`);
  return error;
}

function wavInfo(bytes: Buffer) {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  expect(bytes.toString('ascii', 36, 40)).toBe('data');
  return { sampleRate: bytes.readUInt32LE(24), channels: bytes.readUInt16LE(22), bits: bytes.readUInt16LE(34) };
}

describe('OpenAI dialect through the official openai SDK', () => {
  it('speaks mp3, wav and 24 kHz pcm of the same length', async () => {
    const app = await buildTestApp();
    const { client } = await sdkFor(app);
    const speak = async (format: 'mp3' | 'wav' | 'pcm') => {
      const response = await client.audio.speech.create({
        model: 'tts-1',
        voice: 'alloy',
        input: TEXT,
        response_format: format,
      });
      return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const mp3 = await speak('mp3');
    expect(mp3.type).toBe('audio/mpeg');
    const decoded = await decodeMp3(mp3.bytes);
    expect(decoded.durationMs).toBeGreaterThan(2_000);

    const wav = await speak('wav');
    expect(wav.type).toBe('audio/wav');
    const info = wavInfo(wav.bytes);
    expect(info).toEqual({ sampleRate: 22_050, channels: 1, bits: 16 });
    const wavSeconds = (wav.bytes.length - 44) / 2 / info.sampleRate;

    const pcm = await speak('pcm');
    expect(pcm.type).toBe('audio/pcm');
    const pcmSeconds = pcm.bytes.length / 2 / 24_000;
    // The same speech in every format: durations agree within a few milliseconds of resampling.
    expect(Math.abs(pcmSeconds - wavSeconds)).toBeLessThan(0.01);
    expect(Math.abs(decoded.durationMs / 1000 - wavSeconds)).toBeLessThan(0.1);
  });

  it('refuses formats it cannot encode, in OpenAI’s error shape', async () => {
    const app = await buildTestApp();
    const { client } = await sdkFor(app);
    const error = await apiError(
      client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT, response_format: 'aac' }),
    );
    expect(error.status).toBe(400);
    expect(error.error).toMatchObject({ type: 'invalid_request_error', code: 'unsupported_format' });
    expect(String((error.error as { message: string }).message)).toContain('mp3, opus, flac, wav, pcm');
  });

  it('streams: the first audio arrives while later chunks are still being spoken', async () => {
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const { engine, calls } = scriptedEngine(async (index) => {
      if (index >= 1) await gate;
    });
    const app = await buildTestApp({ engines: [engine] });
    const { client } = await sdkFor(app);
    const response = await client.audio.speech.create({
      model: 'tts-1',
      voice: 'alloy',
      input: LONG_TEXT,
      response_format: 'pcm',
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const first = await reader.read();
    const firstAt = performance.now();
    // The second chunk is being spoken (and held) while the first one's audio is already here.
    expect(first.done).toBe(false);
    expect(first.value?.length).toBeGreaterThan(0);
    expect(calls()).toBe(2);
    openGate();
    let total = first.value?.length ?? 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) total += part.value.length;
    const endAt = performance.now();
    expect(calls()).toBeGreaterThan(2);
    expect(firstAt).toBeLessThan(endAt);
    expect(total / 2 / 24_000).toBeGreaterThan(20);
  });

  it('sends speech.audio.delta events, then speech.audio.done with the usage', async () => {
    const app = await buildTestApp();
    const { client } = await sdkFor(app);
    const response = await client.audio.speech.create({
      model: 'tts-1',
      voice: 'nova',
      input: TEXT,
      stream_format: 'sse',
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as { type: string; audio?: string; usage?: { input_tokens: number } });
    const deltas = events.filter((event) => event.type === 'speech.audio.delta');
    expect(deltas.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'speech.audio.done', usage: { input_tokens: TEXT.length } });
    const audio = Buffer.concat(deltas.map((event) => Buffer.from(event.audio ?? '', 'base64')));
    expect((await decodeMp3(audio)).durationMs).toBeGreaterThan(2_000);
  });

  it('lists models and voices, the key owner’s cloned voice included, and speaks with it', async () => {
    const app = await buildTestApp();
    const { client, cookie } = await sdkFor(app);
    const form = new FormData();
    form.append('audio', new Blob([await spokenSampleWav()], { type: 'audio/wav' }), 'me.wav');
    form.append('voice_name', 'My API voice');
    const cloned = await app.inject({
      method: 'POST',
      url: '/api/voice/clone',
      headers: { origin: ORIGIN, cookie },
      payload: form,
    });
    expect(cloned.statusCode).toBe(200);
    const voiceId = (cloned.json() as { voice_id: string }).voice_id;

    const models = [];
    for await (const model of client.models.list()) models.push(model.id);
    expect(models).toEqual(expect.arrayContaining(['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts']));

    const voices = (await client.get('/audio/voices')) as {
      data: { id: string; type: string; name: string; aliases: string[] }[];
    };
    expect(voices.data).toContainEqual(
      expect.objectContaining({ id: voiceId, type: 'audio_sample', name: 'My API voice' }),
    );
    expect(voices.data.filter((voice) => voice.type === 'preset').length).toBeGreaterThan(5);
    expect(voices.data.flatMap((voice) => voice.aliases)).toEqual(expect.arrayContaining(['alloy', 'nova', 'onyx']));

    const spoken = await client.audio.speech.create({ model: 'tts-1', voice: { id: voiceId }, input: TEXT });
    expect((await decodeMp3(Buffer.from(await spoken.arrayBuffer()))).durationMs).toBeGreaterThan(1_000);
  });

  it('says when instructions or a speed outside 0.5-2 were not followed', async () => {
    const app = await buildTestApp();
    const { client } = await sdkFor(app);
    const response = await client.audio.speech
      .create({ model: 'gpt-4o-mini-tts', voice: 'coral', input: TEXT, speed: 3, instructions: 'Sound cheerful.' })
      .asResponse();
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(response.headers.get('x-sayso-warning')).toContain('speed 3 is outside 0.5-2 and was set to 2');
    expect(response.headers.get('x-sayso-warning')).toContain('instructions are not followed');
  });

  describe('errors in OpenAI’s shape', () => {
    it('a bad key is 401 invalid_api_key', async () => {
      const app = await buildTestApp();
      const base = await listening(app);
      const client = new OpenAI({ apiKey: 'sk_sayso_not-a-real-key', baseURL: `${base}/openai/v1`, maxRetries: 0 });
      const error = await apiError(client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT }));
      expect(error.status).toBe(401);
      expect(error.error).toEqual({
        message: 'Invalid API key.',
        type: 'authentication_error',
        param: null,
        code: 'invalid_api_key',
      });
    });

    it('a revoked key is refused on its next request', async () => {
      const app = await buildTestApp();
      const { client, cookie, key } = await sdkFor(app);
      expect(
        (await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hi.' }).asResponse()).status,
      ).toBe(200);
      const revoked = await app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${key.id}`,
        headers: { cookie, origin: ORIGIN },
      });
      expect(revoked.statusCode).toBe(200);
      const error = await apiError(client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT }));
      expect(error.status).toBe(401);
      expect(error.error).toMatchObject({ message: 'This API key has been revoked.', code: 'invalid_api_key' });
      releaseClientSockets(app);
    });

    it('missing credits are 402 insufficient_quota', async () => {
      const app = await buildTestApp();
      const { client, userId } = await sdkFor(app);
      await app.db.updateTable('user_accounts').set({ credits: 5 }).where('user_id', '=', userId).execute();
      const error = await apiError(client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT }));
      expect(error.status).toBe(402);
      expect(error.error).toMatchObject({
        type: 'insufficient_quota',
        code: 'insufficient_quota',
        message: 'Insufficient credits',
      });
    });

    it('a key over its monthly cap is 402, and the refused characters are not counted', async () => {
      const app = await buildTestApp();
      const { client, cookie } = await sdkFor(app, { monthlyCharacterCap: TEXT.length + 10 });
      expect(
        (await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT }).asResponse()).status,
      ).toBe(200);
      const error = await apiError(client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT }));
      expect(error.status).toBe(402);
      expect(error.error).toMatchObject({
        code: 'insufficient_quota',
        message: 'This API key has reached its monthly character limit.',
      });
      releaseClientSockets(app);
      const listed = await app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie } });
      expect(listed.json()).toMatchObject({
        keys: [{ charactersThisMonth: TEXT.length, monthlyCharacterCap: TEXT.length + 10 }],
      });
    });

    it('a voice that does not exist is named in `param`', async () => {
      const app = await buildTestApp();
      const { client } = await sdkFor(app);
      const error = await apiError(client.audio.speech.create({ model: 'tts-1', voice: 'no-such-voice', input: TEXT }));
      expect(error.status).toBe(404);
      expect(error.error).toMatchObject({ type: 'not_found_error', param: 'voice', code: 'unknown_voice' });
    });

    it('a key without the speech scope cannot speak, and one without voices:read cannot list', async () => {
      const app = await buildTestApp();
      const { client } = await sdkFor(app, { scopes: ['voices:read'] });
      const error = await apiError(client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT }));
      expect(error.status).toBe(403);
      expect(error.error).toMatchObject({ type: 'permission_error', code: 'missing_scope' });
      const speaker = await sdkFor(app, { scopes: ['speech'] });
      const listing = await apiError(speaker.client.get('/audio/voices'));
      expect(listing.status).toBe(403);
    });

    it('a bad request body names the field', async () => {
      const app = await buildTestApp();
      const { client } = await sdkFor(app);
      const error = await apiError(
        client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'x'.repeat(50_001) }),
      );
      expect(error.status).toBe(400);
      expect(error.error).toMatchObject({ type: 'invalid_request_error', param: 'input' });
    });
  });
});
