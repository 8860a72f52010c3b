import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { renderSpeech } from '../../src/domains/speech/render.js';
import { createElevenLabsEngine } from '../../src/engines/elevenlabs/elevenlabs-engine.js';
import { EngineError, type SynthesisRequest } from '../../src/engines/speech-engine.js';
import { type FakeElevenLabs, startFakeElevenLabs } from '../fakes/fake-elevenlabs.js';
import { spokenSample } from '../helpers/samples.js';
import { describeEngineContract, prose } from './engine-contract.js';

let fake: FakeElevenLabs;
beforeAll(async () => {
  fake = await startFakeElevenLabs();
});
afterAll(() => fake.close());

const engine = (overrides: { timeoutSeconds?: number; maxRetries?: number } = {}) =>
  createElevenLabsEngine({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    defaultModel: 'eleven_multilingual_v2',
    ...overrides,
  });

const request = (overrides: Partial<SynthesisRequest> = {}): SynthesisRequest => ({
  text: 'Hello from the ElevenLabs adapter. A second sentence follows.',
  voiceId: '21m00Tcm4TlvDq8ikWAM',
  modelId: null,
  speed: 1,
  pitch: 0,
  volume: 1,
  language: null,
  ...overrides,
});

describeEngineContract('elevenlabs (official SDK against the fake ElevenLabs)', {
  create: async () => engine(),
  voiceId: '21m00Tcm4TlvDq8ikWAM',
});

describe('the ElevenLabs adapter on the wire', () => {
  it('asks for speech with timestamps, its key, the model and the service’s own speed', async () => {
    fake.requests.length = 0;
    const result = await engine().synthesize(request({ speed: 1.1, modelId: 'eleven_flash_v2_5' }));
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/with-timestamps',
      query: { output_format: 'mp3_44100_128' },
      json: { text: request().text, model_id: 'eleven_flash_v2_5', voice_settings: { speed: 1.1 } },
    });
    expect(sent?.headers['xi-api-key']).toBe(fake.apiKey);
    expect(result.audio.format).toBe('mp3');
    expect(result.segments.map((segment) => segment.text)).toEqual([
      'Hello from the ElevenLabs adapter.',
      'A second sentence follows.',
    ]);
    expect(result.segments[1]?.startMs).toBeGreaterThan(result.segments[0]?.startMs ?? 0);
  });

  it('sends a seed only when one is asked for (the timeline’s “another take”)', async () => {
    fake.requests.length = 0;
    expect(engine().capabilities.seeds).toBe(true);
    await engine().synthesize(request({ seed: 123_456 }));
    await engine().synthesize(request());
    const [seeded, plain] = fake.requests.filter((entry) => entry.path.endsWith('/with-timestamps'));
    expect(seeded?.json).toMatchObject({ seed: 123_456 });
    expect(plain?.json).not.toHaveProperty('seed');
  });

  it('maps the voice library and keeps only models that speak', async () => {
    const voices = await engine().listVoices();
    expect(voices.find((voice) => voice.id === 'JBFqnCBsd6RMkjVDRZzb')).toMatchObject({
      name: 'George',
      accent: 'british',
      gender: 'male',
      age: 'middle_aged',
      descriptive: 'warm',
      useCase: 'narration',
      category: 'professional',
      language: 'en',
      locale: 'en-GB',
      verifiedLanguages: [
        { language: 'en', accent: 'british', locale: 'en-GB' },
        { language: 'es', accent: 'castilian', locale: 'es-ES' },
      ],
    });
    const models = await engine().listModels();
    expect(models.map((model) => model.id)).toEqual([
      'eleven_v3',
      'eleven_multilingual_v2',
      'eleven_flash_v2_5',
      'eleven_turbo_v2_5',
    ]);
  });

  it('splits 20,000 characters into requests under the model’s cap and returns one continuous MP3 and a complete SRT', async () => {
    fake.requests.length = 0;
    const text = prose(20_000);
    // What is checked is the split, the stitching, the length and the timing: silence of the
    // length eSpeak would speak stands in for its speech (three times cheaper to make and encode).
    fake.state.audio = 'placeholder';
    const rendered = await renderSpeech(engine(), request({ text })).finally(() => {
      fake.state.audio = 'espeak';
    });
    const calls = fake.requests.filter((entry) => entry.path.endsWith('/with-timestamps'));
    expect(calls.length).toBeGreaterThanOrEqual(4);
    for (const call of calls) expect(String(call.json?.text).length).toBeLessThanOrEqual(10_000);
    // Request stitching: each chunk names the (at most three) requests before it, by the ids the
    // fake sent back in `request-id`, and the text that follows it.
    const issued = fake.issuedRequestIds.slice(-calls.length);
    expect(calls.map((call) => call.json?.previous_request_ids)).toEqual(
      calls.map((_, index) => (index === 0 ? undefined : issued.slice(Math.max(0, index - 3), index))),
    );
    expect(calls.map((call) => typeof call.json?.next_text)).toEqual(
      calls.map((_, index) => (index < calls.length - 1 ? 'string' : 'undefined')),
    );
    const audio = await decodeMp3(rendered.mp3);
    expect(audio.durationMs).toBeGreaterThan(15 * 60_000);
    const spoken = rendered.srt
      .trim()
      .split('\n\n')
      .map((cue) => cue.split('\n').slice(2).join(' '))
      .join(' ');
    expect(spoken).toBe(text);
  }, 180_000);

  it('clones from a sample with the multipart form and deletes the voice', async () => {
    fake.requests.length = 0;
    const elevenlabs = engine();
    const cloned = await elevenlabs.cloneVoice?.({
      sample: await spokenSample(),
      name: 'My clone',
      language: 'english',
      previewText: 'Hello, this is my voice.',
      noiseReduction: true,
    });
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/voices/add',
      form: { name: 'My clone', files: ['sample.wav'], remove_background_noise: 'true' },
    });
    expect(cloned?.preview && 'bytes' in cloned.preview).toBe(true);
    await elevenlabs.deleteVoice?.(cloned?.voiceId ?? '');
    expect(fake.deleted).toContain(cloned?.voiceId);
  });
});

describe('ElevenLabs failures', () => {
  it('waits out a 429 with Retry-After, then succeeds', async () => {
    fake.requests.length = 0;
    fake.fail('/v1/text-to-speech', {
      kind: 'error',
      status: 429,
      retryAfter: '1',
      detail: {
        detail: {
          type: 'rate_limit_error',
          code: 'rate_limit_exceeded',
          message: 'slow down',
          status: 'rate_limit_exceeded',
        },
      },
    });
    const started = Date.now();
    const result = await engine().synthesize(request());
    expect(result.audio.format).toBe('mp3');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests.filter((entry) => entry.path.endsWith('/with-timestamps'))).toHaveLength(2);
  });

  it.each([
    [
      404,
      { detail: { status: 'voice_not_found', message: 'gone' } },
      'The selected voice is not available. Please select a different voice.',
    ],
    [
      400,
      { detail: { type: 'validation_error', code: 'text_too_long', message: 'long' } },
      'The text is too long. Please use shorter text.',
    ],
    [
      401,
      { detail: { type: 'authentication_error', code: 'invalid_api_key', message: 'bad key' } },
      'The speech service is not configured correctly. Please contact support.',
    ],
    [
      402,
      { detail: { type: 'payment_required', code: 'insufficient_credits', message: 'pay' } },
      'The speech service has run out of balance. Please contact support.',
    ],
    [
      401,
      { detail: { status: 'quota_exceeded', message: 'This request exceeds your quota.' } },
      'The speech service has run out of balance. Please contact support.',
    ],
    [
      422,
      { detail: [{ loc: ['body', 'text'], msg: 'bad', type: 'value_error' }] },
      'Invalid input. Please check your text and voice selection.',
    ],
  ])('maps HTTP %i %o without retrying', async (status, detail, message) => {
    fake.requests.length = 0;
    fake.fail('/v1/text-to-speech', { kind: 'error', status, detail });
    const failure = engine().synthesize(request());
    await expect(failure).rejects.toBeInstanceOf(EngineError);
    await expect(failure).rejects.toThrow(message);
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a slow answer with the spec’s message', async () => {
    fake.fail('/v1/text-to-speech', { kind: 'slow', ms: 2_500 });
    await expect(engine({ timeoutSeconds: 1, maxRetries: 0 }).synthesize(request())).rejects.toThrow(
      'Request timed out. Please try again.',
    );
  });

  it('refuses a voice list of the wrong shape as an unreadable answer', async () => {
    for (const body of [{ voices: 'none' }, { voices: [{ name: 'Nameless' }] }, 'hello', null, [1, 2]]) {
      fake.fail('/v1/voices', { kind: 'malformed', body });
      const failure = engine({ maxRetries: 0 }).listVoices();
      await expect(failure, JSON.stringify(body)).rejects.toBeInstanceOf(EngineError);
      await expect(failure, JSON.stringify(body)).rejects.toThrow(
        'The speech service sent an unreadable answer. Please try again.',
      );
    }
  });

  it('reports a truncated answer as an unreadable answer, not as audio', async () => {
    fake.fail('/v1/text-to-speech', { kind: 'truncated' });
    const failure = engine().synthesize(request());
    await expect(failure).rejects.toBeInstanceOf(EngineError);
    await expect(failure).rejects.toThrow('The speech service sent an unreadable answer. Please try again.');
  });
});

describe('ElevenLabs answers read both ways', () => {
  it('reads a voice’s character from a `description` label as well as a `descriptive` one, and keeps a preview link', async () => {
    const before = { ...fake.state };
    Object.assign(fake.state, { labelKey: 'description', previewUrls: true });
    try {
      const voices = await engine().listVoices();
      const george = voices.find((voice) => voice.id === 'JBFqnCBsd6RMkjVDRZzb');
      expect(george).toMatchObject({
        descriptive: 'warm',
        previewUrl: `${fake.url}/previews/JBFqnCBsd6RMkjVDRZzb.mp3`,
      });
    } finally {
      Object.assign(fake.state, before);
    }
    const plain = (await engine().listVoices()).find((voice) => voice.id === 'JBFqnCBsd6RMkjVDRZzb');
    expect(plain).toMatchObject({ descriptive: 'warm', previewUrl: null });
  });
});

describe('ElevenLabs clones that fail half-way', () => {
  it('deletes the voice ElevenLabs made when its preview cannot be spoken', async () => {
    fake.requests.length = 0;
    const voicesBefore = new Set(fake.voices.keys());
    fake.fail('/v1/text-to-speech', {
      kind: 'error',
      status: 500,
      detail: { detail: { type: 'internal_error', message: 'boom' } },
    });
    await expect(
      engine({ maxRetries: 0 }).cloneVoice?.({
        sample: await spokenSample(),
        name: 'No preview',
        language: 'english',
        previewText: 'Hello, this is my voice.',
        noiseReduction: false,
      }),
    ).rejects.toThrow('Failed to create voice. Please try again.');
    expect(fake.requests.at(-1)?.method).toBe('DELETE');
    expect(new Set(fake.voices.keys())).toEqual(voicesBefore);
  });

  it('logs the voice it could not delete from the account after a clone failed, by its id', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const logger = Fastify({ logger: { level: 'warn', stream: sink } }).log;
    // ElevenLabs loses the new voice at once: its preview is refused and so is its deletion.
    const keep = fake.voices.set.bind(fake.voices);
    fake.voices.set = (id, voice) => (voice.category === 'cloned' ? fake.voices : keep(id, voice));
    try {
      await expect(
        createElevenLabsEngine({
          apiKey: fake.apiKey,
          baseUrl: fake.url,
          defaultModel: 'eleven_multilingual_v2',
          maxRetries: 0,
          logger,
        }).cloneVoice?.({
          sample: await spokenSample(),
          name: 'Lost voice',
          language: 'english',
          previewText: 'Hello, this is my voice.',
          noiseReduction: false,
        }),
      ).rejects.toThrow('Failed to create voice. Please try again.');
    } finally {
      fake.voices.set = keep;
    }
    const deletion = fake.requests.at(-1);
    expect(deletion?.method).toBe('DELETE');
    const voiceId = decodeURIComponent(deletion?.path.split('/').at(-1) ?? '');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        engineVoiceId: voiceId,
        msg: 'a failed clone’s ElevenLabs voice could not be deleted and was left in the account',
      }),
    ]);
  });
});
