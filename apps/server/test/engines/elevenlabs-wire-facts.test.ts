import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { renderSpeech } from '../../src/domains/speech/render.js';
import { createElevenLabsEngine } from '../../src/engines/elevenlabs/elevenlabs-engine.js';
import type { SynthesisRequest } from '../../src/engines/speech-engine.js';
import { type FakeElevenLabs, startFakeElevenLabs } from '../fakes/fake-elevenlabs.js';
import { spokenSample } from '../helpers/samples.js';
import { prose } from './engine-contract.js';

/**
 * Issue 17: where the ElevenLabs adapter and its fake both disagreed with ElevenLabs' published
 * reference. Each test here failed on the code before the fix.
 */
let fake: FakeElevenLabs;
beforeAll(async () => {
  fake = await startFakeElevenLabs();
});
afterAll(() => fake.close());

const engine = (defaultModel = 'eleven_multilingual_v2') =>
  createElevenLabsEngine({ apiKey: fake.apiKey, baseUrl: fake.url, defaultModel, maxRetries: 0 });

const request = (overrides: Partial<SynthesisRequest> = {}): SynthesisRequest => ({
  text: 'Hello from the ElevenLabs adapter.',
  voiceId: '21m00Tcm4TlvDq8ikWAM',
  modelId: null,
  speed: 1,
  pitch: 0,
  volume: 1,
  language: null,
  ...overrides,
});

const speechCalls = () => fake.requests.filter((entry) => entry.path.startsWith('/v1/text-to-speech/'));

describe('ElevenLabs errors by their documented codes', () => {
  it.each([
    [400, { detail: { status: 'max_character_limit_exceeded', message: 'too long' } }, 'text_too_long'],
    [400, { detail: { type: 'validation_error', code: 'max_character_limit_exceeded' } }, 'text_too_long'],
    [400, { detail: { type: 'validation_error', code: 'text_too_long' } }, 'text_too_long'],
    [401, { detail: { status: 'quota_exceeded', message: 'You have 0 credits remaining.' } }, 'provider_balance'],
    [429, { detail: { type: 'rate_limit_error', code: 'rate_limit_exceeded' } }, 'rate_limited'],
    [429, { detail: { type: 'rate_limit_error', code: 'concurrent_limit_exceeded' } }, 'rate_limited'],
  ])('maps HTTP %i %o to %s', async (status, detail, code) => {
    fake.fail('/v1/text-to-speech', { kind: 'error', status, detail });
    await expect(engine().synthesize(request())).rejects.toMatchObject({ code });
  });

  it('reports text over a model’s cap, as the fake refuses it, with the text-too-long message', async () => {
    await expect(
      engine('eleven_v3').synthesize(request({ text: 'A sentence that is long enough. '.repeat(110) })),
    ).rejects.toMatchObject({ code: 'text_too_long', message: 'The text is too long. Please use shorter text.' });
  });

  it('tells staff (code unavailable) when a clone fails because the account has no voice slots left', async () => {
    fake.fail('/v1/voices/add', {
      kind: 'error',
      status: 400,
      detail: {
        detail: { status: 'voice_limit_reached', message: 'You have reached your maximum amount of custom voices' },
      },
    });
    await expect(
      engine().cloneVoice?.({
        sample: await spokenSample(),
        name: 'No room',
        language: 'english',
        previewText: 'Hello.',
        noiseReduction: false,
      }),
    ).rejects.toMatchObject({ code: 'unavailable', message: 'Failed to create voice. Please try again.' });
  });
});

describe('ElevenLabs chunking and request stitching', () => {
  // These check how the text is split, sent and stitched, and the length and transcript that come
  // back, never the sound: the fake answers with silence as long as eSpeak's speech would be.
  beforeAll(() => {
    fake.state.audio = 'placeholder';
  });
  afterAll(() => {
    fake.state.audio = 'espeak';
  });

  it('takes 9,000 characters on eleven_v3 in chunks under its cap from /v1/models, without the stitching v3 refuses', async () => {
    fake.requests.length = 0;
    const text = prose(9_000);
    const elevenlabs = engine('eleven_v3');
    expect(await elevenlabs.maxCharsFor?.('eleven_v3')).toBe(3_000);
    const rendered = await renderSpeech(elevenlabs, request({ text }));
    const calls = speechCalls();
    expect(calls.length).toBeGreaterThanOrEqual(4);
    for (const call of calls) {
      expect(call.json?.model_id).toBe('eleven_v3');
      expect(String(call.json?.text).length).toBeLessThanOrEqual(3_000);
    }
    // What the fake received: no previous ids, nor previous or next text, on any v3 request.
    expect(calls.map((call) => call.json?.previous_request_ids ?? null)).toEqual(calls.map(() => null));
    expect(calls.some((call) => call.json?.previous_text != null || call.json?.next_text != null)).toBe(false);
    expect((await decodeMp3(rendered.mp3)).durationMs).toBeGreaterThan(6 * 60_000);
    const spoken = rendered.srt
      .trim()
      .split('\n\n')
      .map((cue) => cue.split('\n').slice(2).join(' '))
      .join(' ');
    expect(spoken).toBe(text);
  }, 120_000);

  it('stitches the chunks of a 9,000-character text on multilingual v2 by the request ids the fake sent', async () => {
    fake.requests.length = 0;
    const text = prose(9_000);
    await renderSpeech(engine('eleven_multilingual_v2'), request({ text }));
    const calls = speechCalls();
    expect(calls).toHaveLength(2);
    const issued = fake.issuedRequestIds.slice(-2);
    expect(calls[0]?.json).toMatchObject({ next_text: calls[1]?.json?.text });
    expect(calls[0]?.json?.previous_request_ids).toBeUndefined();
    expect(calls[1]?.json).toMatchObject({ previous_request_ids: [issued[0]] });
    // With ids sent, ElevenLabs ignores previous_text, so it is not sent.
    expect(calls[1]?.json?.previous_text).toBeUndefined();
  }, 120_000);
});

describe('ElevenLabs options only where the reference allows them', () => {
  it('sends language_code only to the models that take it', async () => {
    fake.requests.length = 0;
    await engine().synthesize(request({ language: 'en', modelId: 'eleven_multilingual_v2' }));
    await engine().synthesize(request({ language: 'en', modelId: 'eleven_flash_v2_5' }));
    expect(speechCalls().map((call) => call.json?.language_code)).toEqual([undefined, 'en']);
  });

  it('returns a clone that ElevenLabs must verify first as such, without speaking a preview it cannot make', async () => {
    fake.state.requiresVerification = true;
    try {
      fake.requests.length = 0;
      const cloned = await engine().cloneVoice?.({
        sample: await spokenSample(),
        name: 'Needs a check',
        language: 'english',
        previewText: 'Hello, this is my voice.',
        noiseReduction: false,
      });
      expect(cloned).toMatchObject({ requiresVerification: true, preview: null });
      expect(speechCalls()).toHaveLength(0);
    } finally {
      fake.state.requiresVerification = false;
    }
  });
});
