import { ElevenLabs, ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { applyMovement } from '../../src/domains/accounts/ledger-repository.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import type { SpeechEngineV1 } from '../../src/engines/speech-engine.js';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import { decodeOggOpus, oggPages, opusHead } from '../helpers/codecs.js';
import { creditsOf, expectLedgerInvariants } from '../helpers/money.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN } from '../helpers/sessions.js';
import { scriptedEngine } from '../helpers/speech.js';

const VOICE = 'espeak-en-us-f2';
const SHORT_TEXT = 'Hello there. How are you today?';
/** Longer than one eSpeak chunk (600 characters), so it is spoken in two chunks or more. */
const LONG_TEXT = Array.from(
  { length: 8 },
  (_, i) => `This is sentence number ${i + 1} of a longer text, spoken in more than one chunk by the engine.`,
).join(' ');

/** A running app with one user and their key, and the official SDK pointed at it. */
async function elevenLabsClient(
  options: { engines?: SpeechEngineV1[]; env?: Record<string, string>; key?: Parameters<typeof apiUser>[1] } = {},
) {
  const app = await buildTestApp({ engines: options.engines ?? [createEspeakEngine()], env: options.env });
  const base = await listening(app);
  const user = await apiUser(app, options.key);
  // No retries: a refusal must reach the test as the first answer, not after the SDK's backoff.
  const client = new ElevenLabsClient({ apiKey: user.secret, baseUrl: `${base}/elevenlabs`, maxRetries: 0 });
  return { app, base, user, client };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

const MPEG_RATES: Record<number, number[]> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8_000],
};
const MPEG1_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

/** Walks an MP3 stream frame by frame from its first byte: each frame's rates, and the length they add up to. */
function mp3Frames(bytes: Buffer) {
  const frames: { sampleRate: number; kbps: number }[] = [];
  let offset = 0;
  while (offset + 4 <= bytes.length) {
    const header = bytes.readUInt32BE(offset);
    if (header >>> 21 !== 0x7ff) throw new Error(`no frame sync at byte ${offset}`);
    const version = (header >>> 19) & 3;
    if (((header >>> 17) & 3) !== 1) throw new Error('not layer III');
    const sampleRate = MPEG_RATES[version]?.[(header >>> 10) & 3] ?? 0;
    const kbps = (version === 3 ? MPEG1_KBPS : MPEG2_KBPS)[(header >>> 12) & 15] ?? 0;
    const padding = (header >>> 9) & 1;
    frames.push({ sampleRate, kbps });
    offset += Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / sampleRate) + padding;
  }
  const first = frames[0];
  if (!first) throw new Error('no frames');
  const samplesPerFrame = first.sampleRate >= 32_000 ? 1152 : 576;
  return {
    frames,
    sampleRate: first.sampleRate,
    kbps: first.kbps,
    seconds: (frames.length * samplesPerFrame) / first.sampleRate,
  };
}

/** The SDK's error for a refused call. */
async function refusal(call: Promise<unknown>): Promise<ElevenLabsError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ElevenLabsError) return error;
    throw error;
  }
  throw new Error('the request was not refused');
}

function expectDetail(error: ElevenLabsError, statusCode: number, status: string) {
  expect(error.statusCode).toBe(statusCode);
  const body = error.body as { detail: { status: string; message: string } };
  expect(body.detail.status).toBe(status);
  expect(body.detail.message.length).toBeGreaterThan(10);
  return body.detail.message;
}

function expectOrdered(times: number[]) {
  for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1] ?? 0);
}

// Each test boots the app and renders real speech (eSpeak, resampling, LAME) on a shared machine.
describe('ElevenLabs dialect through the official SDK', { timeout: 90_000 }, () => {
  it('speaks MP3 at ElevenLabs’ default of 44.1 kHz and 128 kbps, and at a lower rate when asked', async () => {
    const { client } = await elevenLabsClient();
    const { data, rawResponse } = await client.textToSpeech.convert(VOICE, { text: SHORT_TEXT }).withRawResponse();
    const standard = mp3Frames(await readAll(data));
    expect(rawResponse.headers.get('content-type')).toBe('audio/mpeg');
    expect(rawResponse.headers.get('character-cost')).toBe(String(SHORT_TEXT.length));
    expect(standard.sampleRate).toBe(44_100);
    expect(standard.kbps).toBe(128);
    expect(standard.frames.every((frame) => frame.sampleRate === 44_100)).toBe(true);

    const small = mp3Frames(
      await readAll(await client.textToSpeech.convert(VOICE, { text: SHORT_TEXT, outputFormat: 'mp3_22050_32' })),
    );
    expect(small.sampleRate).toBe(22_050);
    expect(small.kbps).toBe(32);
    // The same speech at either rate lasts the same (give or take the encoder's padding).
    expect(Math.abs(small.seconds - standard.seconds)).toBeLessThan(0.1);
    expect(standard.seconds).toBeGreaterThan(1);
  });

  it('speaks raw 16-bit PCM whose length matches the asked sample rate', async () => {
    const { client } = await elevenLabsClient();
    const pcm16k = await client.textToSpeech
      .convert(VOICE, { text: SHORT_TEXT, outputFormat: 'pcm_16000' })
      .withRawResponse();
    const low = await readAll(pcm16k.data);
    const high = await readAll(
      await client.textToSpeech.convert(VOICE, { text: SHORT_TEXT, outputFormat: 'pcm_44100' }),
    );
    expect(pcm16k.rawResponse.headers.get('content-type')).toBe('audio/pcm');
    expect(low.length % 2).toBe(0);
    const seconds = low.length / 2 / 16_000;
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(6);
    expect(high.length / 2 / 44_100).toBeCloseTo(seconds, 2);
  });

  it('streams the first chunk’s audio while the rest of the text is still being spoken', async () => {
    let releaseRest = () => {};
    const restMayStart = new Promise<void>((resolve) => {
      releaseRest = resolve;
    });
    let restSpoken = false;
    const scripted = scriptedEngine(async (index) => {
      if (index === 0) return;
      await restMayStart;
      restSpoken = true;
    });
    const { client } = await elevenLabsClient({ engines: [scripted.engine] });
    const stream = await client.textToSpeech.stream(VOICE, { text: LONG_TEXT, outputFormat: 'pcm_22050' });
    const reader = stream.getReader();
    const first = await reader.read();
    // The later chunks cannot be spoken until the test lets them: this audio is the first chunk's alone.
    expect(first.done).toBe(false);
    expect(first.value?.length).toBeGreaterThan(0);
    expect(restSpoken).toBe(false);
    releaseRest();
    let total = first.value?.length ?? 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) total += part.value.length;
    expect(restSpoken).toBe(true);
    expect(scripted.calls()).toBeGreaterThanOrEqual(2);
    expect(total).toBeGreaterThan(first.value?.length ?? 0);
  });

  it('answers the audio with the time of every character of the text', async () => {
    const { client } = await elevenLabsClient();
    const text = `${LONG_TEXT}\nAnd one more line at the end!`;
    const answer = await client.textToSpeech.convertWithTimestamps(VOICE, { text, outputFormat: 'pcm_16000' });
    const { alignment, normalizedAlignment } = answer;
    if (!alignment || !normalizedAlignment) throw new Error('no alignment');
    expect(alignment.characters.join('')).toBe(text);
    expect(alignment.characterStartTimesSeconds).toHaveLength(alignment.characters.length);
    expect(alignment.characterEndTimesSeconds).toHaveLength(alignment.characters.length);
    expectOrdered(alignment.characterStartTimesSeconds);
    expectOrdered(alignment.characterEndTimesSeconds);
    alignment.characterStartTimesSeconds.forEach((start, i) => {
      expect(alignment.characterEndTimesSeconds[i]).toBeGreaterThanOrEqual(start);
    });
    const audioSeconds = Buffer.from(answer.audioBase64, 'base64').length / 2 / 16_000;
    expect(Math.abs((alignment.characterEndTimesSeconds.at(-1) ?? 0) - audioSeconds)).toBeLessThan(0.05);
    // The normalized alignment is the text as the engine spoke it: the same words, single spaces.
    expect(normalizedAlignment.characters.join('')).toBe(text.replace(/\s+/g, ' '));
    expect(normalizedAlignment.characterEndTimesSeconds).toHaveLength(normalizedAlignment.characters.length);
    expectOrdered(normalizedAlignment.characterStartTimesSeconds);
  });

  it('streams lines of audio with their characters’ times', async () => {
    const { client } = await elevenLabsClient();
    const stream = await client.textToSpeech.streamWithTimestamps(VOICE, {
      text: LONG_TEXT,
      outputFormat: 'pcm_16000',
    });
    const audio: Buffer[] = [];
    const characters: string[] = [];
    const starts: number[] = [];
    for await (const line of stream) {
      audio.push(Buffer.from(line.audioBase64, 'base64'));
      characters.push(...(line.alignment?.characters ?? []));
      starts.push(...(line.alignment?.characterStartTimesSeconds ?? []));
    }
    expect(audio.filter((part) => part.length > 0).length).toBeGreaterThanOrEqual(2);
    expect(characters.join('')).toBe(LONG_TEXT);
    expectOrdered(starts);
    const seconds = Buffer.concat(audio).length / 2 / 16_000;
    expect(starts.at(-1)).toBeLessThan(seconds);
    expect(starts.at(-1)).toBeGreaterThan(seconds - 1);
  });

  it('clones a voice from a sample, lists it beside the presets, speaks with it and deletes it', async () => {
    const { client } = await elevenLabsClient();
    const sample = await spokenSampleWav('en-us+m3', 40);
    const added = await client.voices.ivc.create({
      name: 'Narrator from the API',
      files: [{ data: sample, filename: 'sample.wav', contentType: 'audio/wav' }],
      labels: { language: 'en' },
    });
    expect(added.requiresVerification).toBe(false);

    const { voices } = await client.voices.getAll();
    const cloned = voices.find((voice) => voice.voiceId === added.voiceId);
    expect(cloned).toMatchObject({ name: 'Narrator from the API', category: 'cloned', isOwner: true });
    const preset = voices.find((voice) => voice.voiceId === VOICE);
    expect(preset?.category).toBe('premade');
    expect(Object.keys(preset?.labels ?? {})).toEqual(['accent', 'gender', 'age', 'description', 'use_case']);
    expect((await client.voices.get(added.voiceId)).name).toBe('Narrator from the API');

    const spoken = await readAll(
      await client.textToSpeech.convert(added.voiceId, { text: SHORT_TEXT, outputFormat: 'pcm_16000' }),
    );
    expect(spoken.length / 2 / 16_000).toBeGreaterThan(1);

    expect(await client.voices.delete(added.voiceId)).toEqual({ status: 'ok' });
    const after = await client.voices.getAll();
    expect(after.voices.some((voice) => voice.voiceId === added.voiceId)).toBe(false);
    expectDetail(await refusal(client.voices.get(added.voiceId)), 404, 'voice_not_found');
  });

  it('lists ElevenLabs’ model ids and the engines’ own', async () => {
    const { client } = await elevenLabsClient();
    const models = await client.models.list();
    const ids = models.map((model) => model.modelId);
    expect(ids).toContain('eleven_multilingual_v2');
    expect(ids).toContain(createEspeakEngine().defaultModel);
    expect(models.every((model) => model.canDoTextToSpeech && (model.languages?.length ?? 0) > 0)).toBe(true);
    const english = models[0]?.languages?.find((language) => language.languageId === 'en');
    expect(english?.name).toBe('English');
  });

  describe('refusals in ElevenLabs’ error shape', () => {
    it('refuses an unknown key and a revoked key with 401', async () => {
      const { app, base, user, client } = await elevenLabsClient();
      const stranger = new ElevenLabsClient({
        apiKey: 'sk_sayso_not-a-real-key',
        baseUrl: `${base}/elevenlabs`,
        maxRetries: 0,
      });
      expectDetail(await refusal(stranger.voices.getAll()), 401, 'invalid_api_key');

      await client.voices.getAll();
      const revoked = await app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${user.key.id}`,
        headers: { cookie: user.cookie, origin: ORIGIN },
      });
      expect(revoked.statusCode).toBe(200);
      const message = expectDetail(
        await refusal(client.textToSpeech.convert(VOICE, { text: SHORT_TEXT })),
        401,
        'invalid_api_key',
      );
      expect(message).toMatch(/revoked/);
    });

    it('refuses speech the account cannot pay for with 402, holding nothing', async () => {
      const { app, user, client } = await elevenLabsClient();
      await spendAllCredits(app, user.userId);
      const error = await refusal(client.textToSpeech.convert(VOICE, { text: SHORT_TEXT }));
      expectDetail(error, 402, 'quota_exceeded');
      await expectLedgerInvariants(app.db);
    });

    it('refuses speech past the key’s monthly character cap with 402', async () => {
      const { client } = await elevenLabsClient({ key: { monthlyCharacterCap: 40 } });
      await readAll(await client.textToSpeech.convert(VOICE, { text: SHORT_TEXT, outputFormat: 'pcm_16000' }));
      const message = expectDetail(
        await refusal(client.textToSpeech.convert(VOICE, { text: SHORT_TEXT })),
        402,
        'quota_exceeded',
      );
      expect(message).toMatch(/monthly character limit/);
    });

    it('refuses an unknown voice with 404', async () => {
      const { client } = await elevenLabsClient();
      expectDetail(
        await refusal(client.textToSpeech.convert('no-such-voice', { text: SHORT_TEXT })),
        404,
        'voice_not_found',
      );
      expectDetail(await refusal(client.voices.get('no-such-voice')), 404, 'voice_not_found');
    });

    it('refuses what the key’s scopes do not allow with 403', async () => {
      const { client } = await elevenLabsClient({ key: { scopes: ['voices:read'] } });
      const message = expectDetail(
        await refusal(client.textToSpeech.convert(VOICE, { text: SHORT_TEXT })),
        403,
        'missing_permissions',
      );
      expect(message).toMatch(/"speech"/);
      const sample = await spokenSampleWav();
      const adding = client.voices.ivc.create({ name: 'Not allowed', files: [sample] });
      expectDetail(await refusal(adding), 403, 'missing_permissions');
      expect((await client.voices.getAll()).voices.length).toBeGreaterThan(0);
    });

    it('speaks opus_48000_64 as Ogg Opus; refuses a format it cannot encode with 400, and an empty text with 422', async () => {
      const { client } = await elevenLabsClient();
      const opus = await readAll(
        await client.textToSpeech.convert(VOICE, { text: SHORT_TEXT, outputFormat: 'opus_48000_64' }),
      );
      const pages = oggPages(opus);
      expect(opusHead(pages[0]?.packets[0] ?? Buffer.alloc(19))).toMatchObject({
        magic: 'OpusHead',
        inputSampleRate: 48_000,
      });
      const decoded = await decodeOggOpus(opus);
      expect(decoded.errors).toEqual([]);
      expect(decoded.samples.length / 48_000).toBeGreaterThan(1);
      const ulaw = client.textToSpeech.convert(
        VOICE,
        { text: SHORT_TEXT },
        { queryParams: { output_format: 'ulaw_8000' } },
      );
      expectDetail(await refusal(ulaw), 400, 'invalid_output_format');
      const empty = await refusal(client.textToSpeech.convert(VOICE, { text: '   ' }));
      expect(empty).toBeInstanceOf(ElevenLabs.UnprocessableEntityError);
      expect(empty.statusCode).toBe(422);
      expect(empty.body).toEqual({
        detail: [{ loc: ['body', 'text'], msg: 'text must not be empty', type: 'too_small' }],
      });
    });

    it('refuses requests over the key’s rate with 429 and Retry-After', async () => {
      const { client } = await elevenLabsClient({ env: { API_REQUESTS_PER_KEY_PER_MINUTE: '1' } });
      await readAll(await client.textToSpeech.convert(VOICE, { text: SHORT_TEXT, outputFormat: 'pcm_16000' }));
      const error = await refusal(client.textToSpeech.convert(VOICE, { text: SHORT_TEXT }));
      expectDetail(error, 429, 'rate_limit_exceeded');
      expect(Number(error.rawResponse?.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});

async function spendAllCredits(app: FastifyInstance, userId: string): Promise<void> {
  const credits = await creditsOf(app.db, userId);
  await app.db
    .transaction()
    .execute((trx) => applyMovement(trx, { userId, asset: 'credits', amount: -credits, kind: 'admin_remove' }));
  expect(await creditsOf(app.db, userId)).toBe(0);
}
