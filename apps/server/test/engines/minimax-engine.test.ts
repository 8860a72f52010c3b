import { CLONE_LANGUAGE_TAGS } from '@sayso/contract/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { renderSpeech } from '../../src/domains/speech/render.js';
import { minimaxLanguageBoost } from '../../src/engines/minimax/language-boost.js';
import { createMinimaxEngine, type MinimaxOptions } from '../../src/engines/minimax/minimax-engine.js';
import { EngineError, type SynthesisRequest } from '../../src/engines/speech-engine.js';
import { type FakeMinimax, startFakeMinimax } from '../fakes/fake-minimax.js';
import { spokenSample } from '../helpers/samples.js';
import { describeEngineContract, prose } from './engine-contract.js';

let fake: FakeMinimax;
const waits: number[] = [];

beforeAll(async () => {
  fake = await startFakeMinimax();
});
afterAll(() => fake.close());

/**
 * The adapter against the fake; its waits are recorded and cut to a few milliseconds (a real pause,
 * so polling leaves the fake, in this same process, time to make the audio).
 */
const engine = (timeoutMs = 10_000, overrides: Partial<MinimaxOptions> = {}) =>
  createMinimaxEngine({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    defaultModel: 'speech-2.8-hd',
    pollIntervalMs: 20,
    http: {
      timeoutMs,
      sleep: async (ms) => {
        waits.push(ms);
        await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20)));
      },
    },
    ...overrides,
  });

/** An adapter that sends anything over 100 characters through the async API, so short texts test it quickly. */
const asyncEngine = (overrides: Partial<MinimaxOptions> = {}) => engine(10_000, { asyncAboveChars: 100, ...overrides });
const LONG =
  'Text for the asynchronous path, kept short so the fake makes it quickly. It has two sentences, and both are spoken.';

/** Runs `body` with some of the fake's settings changed, and puts them back afterwards. */
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

describeEngineContract('minimax (against the fake MiniMax)', {
  create: async () => engine(),
  voiceId: 'English_Graceful_Lady',
});

describe('the MiniMax adapter on the wire', () => {
  it('sends sync speech with Bearer auth, the mapped slider ranges, subtitles and hex output', async () => {
    fake.requests.length = 0;
    const result = await engine().synthesize(
      request({ speed: 1.5, pitch: 10, volume: 0, language: 'English', modelId: 'speech-2.8-hd' }),
    );
    const sent = fake.requests.find((entry) => entry.path === '/v1/t2a_v2');
    expect(sent?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent?.json).toEqual({
      model: 'speech-2.8-hd',
      text: 'Hello from the MiniMax adapter.',
      stream: false,
      voice_setting: { voice_id: 'English_Graceful_Lady', speed: 1.5, vol: 0.1, pitch: 12 },
      audio_setting: { bitrate: 128_000, format: 'mp3', channel: 1, sample_rate: 32_000 },
      language_boost: 'English',
      subtitle_enable: true,
      output_format: 'hex',
    });
    expect(result.audio.format).toBe('mp3');
    expect(result.segments).toEqual([
      { text: 'Hello from the MiniMax adapter.', startMs: 0, endMs: expect.any(Number) },
    ]);
  });

  it('lists system voices in the spec’s shape', async () => {
    const voices = await engine().listVoices();
    expect(voices.find((voice) => voice.id === 'English_Trustworthy_Man')).toMatchObject({
      name: 'Trustworthy Man',
      gender: 'male',
      language: 'en',
    });
    expect(fake.requests.some((entry) => entry.path === '/v1/get_voice' && entry.json?.voice_type === 'system')).toBe(
      true,
    );
  });

  it('takes 20,000 characters through the async API, from a tar with titles and from a bare file, to one MP3 and a complete SRT', async () => {
    const text = prose(20_000);
    for (const output of ['tar', 'bare'] as const) {
      // What is checked is the request, the unpacking, the length and the timing: silence of the
      // length eSpeak would speak stands in for its speech (three times cheaper to make and encode).
      await fake.withState({ asyncOutput: output, audio: 'placeholder' }, async () => {
        fake.requests.length = 0;
        const rendered = await renderSpeech(engine(), request({ text }));
        const paths = fake.requests.map((entry) => entry.path);
        expect(paths[0]).toBe('/v1/t2a_async_v2');
        expect(paths.filter((path) => path === '/v1/query/t2a_async_query_v2').length).toBeGreaterThanOrEqual(2);
        expect(paths.at(-1)).toBe('/v1/files/retrieve');
        expect(fake.requests[0]?.json).toMatchObject({
          text,
          audio_setting: { audio_sample_rate: 32_000, format: 'mp3' },
        });
        const audio = await decodeMp3(rendered.mp3);
        expect(audio.durationMs).toBeGreaterThan(15 * 60_000);
        // Cues come from the tar's titles, or from the product's own sentence timing for a bare file.
        const spoken = rendered.srt
          .trim()
          .split('\n\n')
          .map((cue) => cue.split('\n').slice(2).join(' '))
          .join(' ');
        expect(spoken).toBe(text);
      });
    }
  }, 180_000);

  it('resumes its provider job after a crash instead of paying for a second one', async () => {
    const text = 'A long text whose first run dies after the provider accepted it. '.repeat(3).trim();
    const saved: string[] = [];
    fake.requests.length = 0;
    await asyncEngine().synthesize(
      request({ text, checkpoint: { saved: null, save: async (ref) => void saved.push(ref) } }),
    );
    expect(saved).toEqual([expect.stringMatching(/^minimax-async:\d+(:\d+)?$/)]);
    // The rerun of the same task comes with the saved reference and creates nothing new.
    fake.requests.length = 0;
    const rerun = await asyncEngine().synthesize(
      request({ text, checkpoint: { saved: saved[0] ?? null, save: async () => {} } }),
    );
    expect(rerun.audio.format).toBe('mp3');
    expect(fake.requests.some((entry) => entry.path === '/v1/t2a_async_v2')).toBe(false);
    expect(fake.requests.some((entry) => entry.path === '/v1/files/retrieve')).toBe(true);
  });

  it('clones from an uploaded sample with a valid generated voice id, and deletes the voice', async () => {
    fake.requests.length = 0;
    const minimax = engine();
    const cloned = await minimax.cloneVoice?.({
      sample: await spokenSample(),
      name: 'Mine',
      language: 'english',
      previewText: 'Hello, this is my voice.',
      noiseReduction: true,
    });
    expect(cloned?.voiceId).toMatch(/^[A-Za-z][A-Za-z0-9]{7,}$/);
    expect(cloned?.approximate).toBe(false);
    expect(cloned?.preview && 'bytes' in cloned.preview && cloned.preview.bytes.length).toBeGreaterThan(1000);
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/files/upload',
      form: { purpose: 'voice_clone', file: 'sample.wav' },
    });
    expect(fake.requests[1]?.json).toMatchObject({
      voice_id: cloned?.voiceId,
      need_noise_reduction: true,
      text: 'Hello, this is my voice.',
      model: 'speech-2.8-hd',
    });
    await minimax.deleteVoice?.(cloned?.voiceId ?? '');
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/delete_voice',
      json: { voice_type: 'voice_cloning', voice_id: cloned?.voiceId },
    });
    expect(fake.clonedVoices.has(cloned?.voiceId ?? '')).toBe(false);
  });

  it('keeps a clone whose preview came back empty, without a preview', async () => {
    fake.state.cloneDemo = 'empty';
    try {
      const cloned = await engine().cloneVoice?.({
        sample: await spokenSample(),
        name: 'Quiet',
        language: 'english',
        previewText: 'Hello, this is my voice.',
        noiseReduction: false,
      });
      expect(cloned?.preview).toBeNull();
      expect(fake.clonedVoices.has(cloned?.voiceId ?? '')).toBe(true);
    } finally {
      fake.state.cloneDemo = 'link';
    }
  });
});

describe('MiniMax failures', () => {
  const attempt = (minimax = engine()) => minimax.synthesize(request());

  it('waits out a 429 with Retry-After, then succeeds', async () => {
    waits.length = 0;
    fake.fail('/v1/t2a_v2', { kind: 'http', status: 429, retryAfter: '3' });
    const result = await attempt();
    expect(result.audio.format).toBe('mp3');
    expect(waits).toEqual([3_000]);
  });

  it('retries rate-limit codes inside HTTP 200 with backoff, and never retries invalid parameters', async () => {
    waits.length = 0;
    fake.fail('/v1/t2a_v2', { kind: 'code', code: 1002, message: 'rate limit' });
    await attempt();
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(500);
    fake.requests.length = 0;
    fake.fail('/v1/t2a_v2', { kind: 'code', code: 2013, message: 'invalid params' });
    await expect(attempt()).rejects.toThrow('Invalid input. Please check your text and voice selection.');
    expect(fake.requests.filter((entry) => entry.path === '/v1/t2a_v2')).toHaveLength(1);
  });

  it.each([
    [{ kind: 'code', code: 20132 }, 'The selected voice is not available. Please select a different voice.'],
    [{ kind: 'code', code: 1008 }, 'The speech service has run out of balance. Please contact support.'],
    [{ kind: 'truncated' }, 'The speech service sent an unreadable answer. Please try again.'],
    [{ kind: 'malformed' }, 'The speech service sent an unreadable answer. Please try again.'],
  ] as const)('maps %o to the spec’s message', async (fault, message) => {
    fake.fail('/v1/t2a_v2', fault);
    const failure = attempt();
    await expect(failure).rejects.toBeInstanceOf(EngineError);
    await expect(failure).rejects.toThrow(message);
  });

  it('gives up on a slow answer with the timeout message after its retries', async () => {
    for (let i = 0; i < 4; i += 1) fake.fail('/v1/t2a_v2', { kind: 'slow', ms: 400 });
    await expect(attempt(engine(150))).rejects.toThrow('Request timed out. Please try again.');
  });

  it('ends async tasks that fail, expire or never finish with the right messages', async () => {
    const long = request({ text: LONG });
    await fake.withState({ asyncOutcome: 'Failed' }, async () => {
      await expect(asyncEngine().synthesize(long)).rejects.toThrow(
        'The speech service could not make this audio. Please try again.',
      );
    });
    await fake.withState({ asyncOutcome: 'Expired' }, async () => {
      await expect(asyncEngine().synthesize(long)).rejects.toThrow('Request timed out. Please try again.');
    });
    await fake.withState({ asyncOutcome: 'Processing' }, async () => {
      const patient = createMinimaxEngine({
        apiKey: fake.apiKey,
        baseUrl: fake.url,
        defaultModel: 'speech-2.8-hd',
        asyncAboveChars: 100,
        pollIntervalMs: 10,
        asyncDeadlineMs: 300,
      });
      await expect(patient.synthesize(long)).rejects.toThrow('Request timed out. Please try again.');
    });
  });

  it('refuses a wrong key with the configuration message', async () => {
    const wrongKey = createMinimaxEngine({ apiKey: 'nope', baseUrl: fake.url, defaultModel: 'speech-2.8-hd' });
    await expect(wrongKey.synthesize(request())).rejects.toThrow(
      'The speech service is not configured correctly. Please contact support.',
    );
  });
});

describe('MiniMax models and languages', () => {
  it('sends the configured model when a request names the spec’s default, and a named model as is', async () => {
    await fake.withState({ acceptedModels: new Set(['speech-2.8-hd', 'speech-2.6-turbo']) }, async () => {
      const configured = engine(10_000, { defaultModel: 'speech-2.8-hd' });
      fake.requests.length = 0;
      await configured.synthesize(request({ modelId: 'speech-2.5-hd-preview' }));
      await configured.synthesize(request({ modelId: null }));
      await configured.synthesize(request({ modelId: 'speech-2.6-turbo' }));
      expect(fake.requests.map((entry) => entry.json?.model)).toEqual([
        'speech-2.8-hd',
        'speech-2.8-hd',
        'speech-2.6-turbo',
      ]);
      // A strict MiniMax refuses a model it does not know, with its invalid-parameters code.
      await expect(configured.synthesize(request({ modelId: 'speech-9-imaginary' }))).rejects.toThrow(
        'Invalid input. Please check your text and voice selection.',
      );
    });
  });

  it('maps every clone-screen language to a value of MiniMax’s language_boost list', () => {
    const mapped = CLONE_LANGUAGE_TAGS.map((language) => minimaxLanguageBoost(language));
    expect(mapped).toHaveLength(40);
    expect(mapped).not.toContain('auto');
    expect(mapped.slice(0, 5)).toEqual(['English', 'Vietnamese', 'Arabic', 'Chinese,Yue', 'Chinese']);
  });

  it.each([
    ['cantonese', 'Chinese,Yue'],
    ['chinese', 'Chinese'],
    ['english', 'English'],
    ['English', 'English'],
    ['Mandarin', 'Chinese'],
    ['yue', 'Chinese,Yue'],
    ['de', 'German'],
    ['Chinese,Yue', 'Chinese,Yue'],
    ['Auto', 'auto'],
    ['klingon', 'auto'],
    [null, 'auto'],
  ])('sends language %s as language_boost %s, which the fake’s list accepts', async (language, boost) => {
    fake.requests.length = 0;
    const result = await engine().synthesize(request({ language }));
    expect(result.audio.format).toBe('mp3');
    expect(fake.requests.find((entry) => entry.path === '/v1/t2a_v2')?.json?.language_boost).toBe(boost);
  });

  it('is refused by the fake when it sends a language_boost outside MiniMax’s list', async () => {
    // The fake's check is what makes the mapping above meaningful: a raw product name fails there.
    const response = await fetch(`${fake.url}/v1/t2a_v2`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'speech-2.8-hd',
        text: 'Hello.',
        voice_setting: { voice_id: 'English_Graceful_Lady' },
        language_boost: 'Cantonese',
      }),
    });
    expect(((await response.json()) as { base_resp: { status_code: number } }).base_resp.status_code).toBe(2013);
  });
});

describe('MiniMax answers read both ways, and unreadable ones', () => {
  it('polls a task whose id is a string and whose status is lower case', async () => {
    await fake.withState({ taskIdType: 'string', statusCase: 'lower' }, async () => {
      fake.requests.length = 0;
      const result = await asyncEngine().synthesize(request({ text: LONG }));
      expect(result.audio.format).toBe('mp3');
      expect(fake.requests.filter((entry) => entry.path === '/v1/query/t2a_async_query_v2').length).toBeGreaterThan(1);
    });
  });

  it('falls back to the file id given at creation when the query’s success names none', async () => {
    await fake.withState({ queryFileId: false }, async () => {
      fake.requests.length = 0;
      const result = await asyncEngine().synthesize(request({ text: LONG }));
      expect(result.segments.length).toBeGreaterThan(0);
      const retrieve = fake.requests.find((entry) => entry.path === '/v1/files/retrieve');
      expect(retrieve?.query.file_id).toMatch(/^[1-9]\d*$/);
    });
  });

  it('sleeps between polls even when success comes without any file id, until its deadline', async () => {
    await fake.withState({ queryFileId: false, createFileId: false }, async () => {
      fake.requests.length = 0;
      const slept: number[] = [];
      const patient = asyncEngine({
        pollIntervalMs: 25,
        asyncDeadlineMs: 300,
        http: {
          sleep: async (ms) => {
            slept.push(ms);
            await new Promise((resolve) => setTimeout(resolve, ms));
          },
        },
      });
      await expect(patient.synthesize(request({ text: LONG }))).rejects.toThrow('Request timed out. Please try again.');
      const polls = fake.requests.filter((entry) => entry.path === '/v1/query/t2a_async_query_v2').length;
      // Without a sleep per poll this loop runs thousands of queries in 300 ms.
      expect(polls).toBeLessThanOrEqual(14);
      expect(slept.filter((ms) => ms === 25).length).toBeGreaterThanOrEqual(polls - 1);
    });
  });

  it('reads MiniMax’s envelope from an HTTP error status: 2013 is not retried, 1002 is after Retry-After', async () => {
    fake.requests.length = 0;
    fake.fail('/v1/t2a_v2', { kind: 'http', status: 400, code: 2013 });
    await expect(engine().synthesize(request())).rejects.toThrow(
      'Invalid input. Please check your text and voice selection.',
    );
    expect(fake.requests).toHaveLength(1);
    waits.length = 0;
    fake.fail('/v1/t2a_v2', { kind: 'http', status: 429, code: 1002, retryAfter: '2' });
    expect((await engine().synthesize(request())).audio.format).toBe('mp3');
    expect(waits).toEqual([2_000]);
  });

  it('fails clearly on a cut-off tar, not as an unreachable service', async () => {
    await fake.withState({ asyncOutput: 'truncated-tar' }, async () => {
      await expect(asyncEngine().synthesize(request({ text: LONG }))).rejects.toThrow(
        'The speech service returned unreadable audio. Please try again.',
      );
    });
  });
});

describe('MiniMax clones that fail half-way', () => {
  it('deletes the voice MiniMax made when its preview cannot be downloaded', async () => {
    fake.requests.length = 0;
    fake.fail('/download/', { kind: 'http', status: 404 });
    await expect(
      engine().cloneVoice?.({
        sample: await spokenSample(),
        name: 'Lost preview',
        language: 'english',
        previewText: 'Hello, this is my voice.',
        noiseReduction: false,
      }),
    ).rejects.toThrow('Failed to create voice. Please try again.');
    const made = fake.requests.find((entry) => entry.path === '/v1/voice_clone')?.json?.voice_id;
    expect(made).toEqual(expect.any(String));
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/delete_voice', json: { voice_id: made } });
    expect(fake.clonedVoices.has(String(made))).toBe(false);
  });
});
