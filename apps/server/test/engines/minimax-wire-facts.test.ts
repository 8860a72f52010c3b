import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTar } from '../../src/audio/tar.js';
import { loadConfig } from '../../src/config.js';
import { renderSpeech } from '../../src/domains/speech/render.js';
import { createMinimaxEngine, type MinimaxOptions } from '../../src/engines/minimax/minimax-engine.js';
import type { CloneRequest, SynthesisRequest } from '../../src/engines/speech-engine.js';
import { type FakeMinimax, startFakeMinimax } from '../fakes/fake-minimax.js';
import { writeTar } from '../fakes/write-tar.js';
import { spokenSample } from '../helpers/samples.js';

/**
 * Issue 17: where the adapter and its fake both disagreed with MiniMax's published reference.
 * Each test here failed on the code before the fix.
 */
let fake: FakeMinimax;
beforeAll(async () => {
  fake = await startFakeMinimax();
});
afterAll(() => fake.close());

/** The waits the adapter asked for: recorded, and cut to a few milliseconds (a fake clock that still yields). */
const waits: number[] = [];
const engine = (overrides: Partial<MinimaxOptions> = {}) =>
  createMinimaxEngine({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    defaultModel: 'speech-2.8-hd',
    pollIntervalMs: 10,
    ...overrides,
    http: {
      timeoutMs: 10_000,
      sleep: async (ms) => {
        waits.push(ms);
        await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 10)));
      },
      ...overrides.http,
    },
  });

const request = (overrides: Partial<SynthesisRequest> = {}): SynthesisRequest => ({
  text: 'Hello from the MiniMax adapter.',
  voiceId: 'English_Graceful_Lady',
  modelId: null,
  speed: 1,
  pitch: 0,
  volume: 1,
  language: null,
  ...overrides,
});

const cloneOrder = async (name: string): Promise<CloneRequest> => ({
  sample: await spokenSample(),
  name,
  language: 'english',
  previewText: 'Hello, this is my voice.',
  noiseReduction: false,
});

const calls = (path: string) => fake.requests.filter((entry) => entry.path === path);
const LONG =
  'Text for the asynchronous path, kept short so the fake makes it quickly. It has two sentences, and both are spoken.';

describe('MiniMax rate limits', () => {
  it.each([1039, 1002])(
    'retries %i (a per-minute limit) after waits of ten seconds and more, then succeeds',
    async (code) => {
      waits.length = 0;
      fake.requests.length = 0;
      fake.fail('/v1/t2a_v2', { kind: 'code', code, message: 'rate limit, retry later' });
      fake.fail('/v1/t2a_v2', { kind: 'code', code, message: 'rate limit, retry later' });
      const result = await engine().synthesize(request());
      expect(result.audio.format).toBe('mp3');
      expect(calls('/v1/t2a_v2')).toHaveLength(3);
      // Three quick retries would all land in the same one-minute window.
      expect(waits).toHaveLength(2);
      expect(waits[0]).toBeGreaterThanOrEqual(10_000);
      expect(waits[1]).toBeGreaterThanOrEqual(20_000);
      expect(Math.max(...waits)).toBeLessThanOrEqual(60_000);
    },
  );

  it('reports 2056 (the plan’s usage window) as a rate limit, not as an empty balance, and does not retry it', async () => {
    fake.requests.length = 0;
    fake.fail('/v1/t2a_v2', { kind: 'code', code: 2056, message: 'usage limit exceeded' });
    await expect(engine().synthesize(request())).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(calls('/v1/t2a_v2')).toHaveLength(1);
  });
});

describe('MiniMax models', () => {
  it('defaults to a current HD model, which MiniMax lists, and the fake refuses the retired preview model', async () => {
    const config = loadConfig({ ...process.env, MINIMAX_API_KEY: 'k', MINIMAX_MODEL: undefined });
    expect(config.speech.minimax?.model).toBe('speech-2.8-hd');
    const preview = engine({ defaultModel: 'speech-2.5-hd-preview' });
    await expect(preview.synthesize(request({ modelId: 'speech-2.5-hd-preview' }))).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('never sends the async endpoint a model it does not list: shorter text goes sync with it instead', async () => {
    fake.requests.length = 0;
    const result = await engine({ defaultModel: 'speech-01-hd', asyncAboveChars: 100 }).synthesize(
      request({ text: LONG }),
    );
    expect(result.audio.format).toBe('mp3');
    expect(calls('/v1/t2a_async_v2')).toHaveLength(0);
    expect(calls('/v1/t2a_v2')[0]?.json?.model).toBe('speech-01-hd');
  });

  it('sends text beyond the sync limit to the async endpoint with a model it lists, and says so', async () => {
    fake.requests.length = 0;
    // The job is refused at once, so no 10,000 characters of audio are made for a request-shape check.
    await fake.withState({ asyncOutcome: 'Failed' }, async () => {
      await expect(
        engine({ defaultModel: 'speech-01-turbo' }).synthesize(request({ text: 'A sentence of text. '.repeat(520) })),
      ).rejects.toThrow('The speech service could not make this audio. Please try again.');
    });
    expect(calls('/v1/t2a_async_v2').map((entry) => entry.json?.model)).toEqual(['speech-2.8-turbo']);
  });
});

describe('MiniMax calls that must not be repeated blindly', () => {
  it('does not repeat an async create that timed out (a second paid job)', async () => {
    fake.requests.length = 0;
    fake.fail('/v1/t2a_async_v2', { kind: 'slow', ms: 600 });
    await expect(
      engine({ asyncAboveChars: 100, http: { timeoutMs: 200 } }).synthesize(request({ text: LONG })),
    ).rejects.toThrow('Request timed out. Please try again.');
    expect(calls('/v1/t2a_async_v2')).toHaveLength(1);
  });

  it('does not repeat an async create that met a server error, but does repeat one refused by a rate limit', async () => {
    fake.requests.length = 0;
    fake.fail('/v1/t2a_async_v2', { kind: 'http', status: 502 });
    await expect(engine({ asyncAboveChars: 100 }).synthesize(request({ text: LONG }))).rejects.toMatchObject({
      code: 'failed',
    });
    expect(calls('/v1/t2a_async_v2')).toHaveLength(1);
    fake.requests.length = 0;
    fake.fail('/v1/t2a_async_v2', { kind: 'code', code: 1002 });
    const result = await engine({ asyncAboveChars: 100 }).synthesize(request({ text: LONG }));
    expect(result.audio.format).toBe('mp3');
    expect(calls('/v1/t2a_async_v2')).toHaveLength(2);
  });

  it('retries a clone whose answer was lost, takes "duplicate voice_id" for its own id as success, and leaves exactly one voice', async () => {
    fake.requests.length = 0;
    const before = new Set(fake.clonedVoices.keys());
    // MiniMax makes the voice, but its answer arrives after the adapter has given up waiting.
    fake.fail('/v1/voice_clone', { kind: 'late', ms: 1_500 });
    const cloned = await engine({ http: { timeoutMs: 1_000 } }).cloneVoice?.(await cloneOrder('Lost answer'));
    const made = [...fake.clonedVoices.keys()].filter((id) => !before.has(id));
    expect(made).toEqual([cloned?.voiceId]);
    expect(calls('/v1/voice_clone').map((entry) => entry.json?.voice_id)).toEqual([cloned?.voiceId, cloned?.voiceId]);
    // The lost answer carried the preview; the voice is kept without one.
    expect(cloned?.preview).toBeNull();
  }, 20_000);

  it('deletes the voice a lost clone answer may have made when the clone then fails', async () => {
    fake.requests.length = 0;
    const before = new Set(fake.clonedVoices.keys());
    fake.fail('/v1/voice_clone', { kind: 'late', ms: 1_500 });
    fake.fail('/v1/voice_clone', { kind: 'code', code: 2038, message: 'no cloning permission' });
    await expect(engine({ http: { timeoutMs: 1_000 } }).cloneVoice?.(await cloneOrder('Refused'))).rejects.toThrow(
      'Failed to create voice. Please try again.',
    );
    expect([...fake.clonedVoices.keys()].filter((id) => !before.has(id))).toEqual([]);
    expect(calls('/v1/delete_voice')).toHaveLength(1);
  }, 20_000);
});

describe('MiniMax system voices', () => {
  it('reads each voice’s language from its id or its own script, and never calls a voice English by default', async () => {
    const voices = await engine().listVoices();
    const languageOf = (id: string) => voices.find((voice) => voice.id === id)?.language;
    expect(languageOf('English_Graceful_Lady')).toBe('en');
    expect(languageOf('Spanish_Narrator')).toBe('es');
    expect(languageOf('Japanese_Whisper_Belle')).toBe('ja');
    expect(languageOf('Chinese (Mandarin)_Reliable_Executive')).toBe('zh');
    expect(languageOf('Cantonese_ProfessionalHost（F)')).toBe('yue');
    expect(languageOf('female-shaonv')).toBe('zh');
    expect(languageOf('male-qn-qingse')).toBe('zh');
    expect(languageOf('moss_audio_7c3f9a2e1b4d')).toBe('zh');
    expect(voices.find((voice) => voice.id === 'Cantonese_ProfessionalHost（F)')).toMatchObject({
      gender: 'female',
      locale: 'zh-HK',
    });
  });
});

describe('MiniMax subtitles and async output', () => {
  it.each([
    ['a subtitle file that cannot be downloaded', () => fake.fail('/download/', { kind: 'http', status: 404 })],
    ['a subtitle file behind a byte-order mark', () => Object.assign(fake.state, { subtitles: 'bom' })],
    ['an unreadable subtitle file', () => Object.assign(fake.state, { subtitles: 'malformed' })],
  ])('keeps a paid sync job whose subtitles fail (%s), timing the sentences itself', async (_, arrange) => {
    arrange();
    try {
      const rendered = await renderSpeech(engine(), request({ text: 'First sentence here. And a second one.' }));
      expect(rendered.srt).toContain('First sentence here.');
      expect(rendered.srt).toContain('And a second one.');
    } finally {
      fake.state.subtitles = 'json';
    }
  });

  it('reads an async tar whose names are long (PAX and GNU) and whose audio has no extension', async () => {
    await fake.withState({ asyncOutput: 'long-names' }, async () => {
      const result = await engine({ asyncAboveChars: 100 }).synthesize(request({ text: LONG }));
      expect(result.audio.format).toBe('mp3');
      expect(result.segments.map((segment) => segment.text)).toEqual([
        'Text for the asynchronous path, kept short so the fake makes it quickly.',
        'It has two sentences, and both are spoken.',
      ]);
    });
  });

  it('reads PAX and GNU long names from a tar, as written by the two common tar formats', () => {
    const long = `${'a-folder-with-a-long-name/'.repeat(5)}file`;
    const tar = writeTar([
      { name: `${long}.pax`, bytes: Buffer.from('one'), longName: 'pax' },
      { name: `${long}.gnu`, bytes: Buffer.from('two'), longName: 'gnu' },
      { name: 'short.txt', bytes: Buffer.from('three') },
    ]);
    expect(readTar(tar).map((entry) => [entry.name, entry.bytes.toString()])).toEqual([
      [`${long}.pax`, 'one'],
      [`${long}.gnu`, 'two'],
      ['short.txt', 'three'],
    ]);
  });
});
