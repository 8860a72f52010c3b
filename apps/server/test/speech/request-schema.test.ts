import { cloneSpeechRequest, presetSpeechRequest } from '@sayso/contract/speech';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN } from '../helpers/sessions.js';

/** The first issue's message: the one the error handler answers a failed validation with. */
const firstMessage = (schema: typeof presetSpeechRequest | typeof cloneSpeechRequest, body: unknown) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

describe('the contract’s speech request schemas', () => {
  it('give the spec’s message for each missing or bad field of a preset request, in the spec’s order', () => {
    const cases: [unknown, string | null][] = [
      [{}, 'Text is required'],
      [{ text: 42, voice_id: 'v', model_id: 'm' }, 'Text is required'],
      [{ text: ' \n\t ', voice_id: 'v', model_id: 'm' }, 'Text is required'],
      [{ text: ' '.repeat(50_001), voice_id: 'v', model_id: 'm' }, 'Text is required'],
      [{ text: 'x'.repeat(50_001), voice_id: 'v', model_id: 'm' }, 'Text exceeds maximum length of 50,000 characters'],
      [{ text: 'hi', model_id: 'm' }, 'Voice ID is required'],
      [{ text: 'hi', voice_id: '   ', model_id: 'm' }, 'Voice ID is required'],
      [{ text: 'hi', voice_id: ['v'], model_id: 'm' }, 'Voice ID is required'],
      [{ text: 'hi', voice_id: 'v' }, 'Model ID is required'],
      [{ text: 'hi', voice_id: 'v', model_id: '' }, 'Model ID is required'],
      [{ text: 'x'.repeat(50_000), voice_id: 'v', model_id: 'm' }, null],
    ];
    for (const [body, message] of cases) {
      expect(firstMessage(presetSpeechRequest, body), JSON.stringify(body).slice(0, 80)).toBe(message);
    }
  });

  it('keeps the text as sent and trims the voice and model ids', () => {
    expect(presetSpeechRequest.parse({ text: '  Hello.  ', voice_id: ' v1 ', model_id: ' m1 ' })).toMatchObject({
      text: '  Hello.  ',
      voice_id: 'v1',
      model_id: 'm1',
    });
  });

  it('gives the spec’s messages for a clone-studio request, a missing voice setting included', () => {
    expect(firstMessage(cloneSpeechRequest, { voice_setting: { voice_id: 'v' } })).toBe('Text is required');
    expect(firstMessage(cloneSpeechRequest, { text: 'hi' })).toBe('Voice ID is required');
    expect(firstMessage(cloneSpeechRequest, { text: 'hi', voice_setting: {} })).toBe('Voice ID is required');
    expect(firstMessage(cloneSpeechRequest, { text: 'hi', voice_setting: { voice_id: ' ' } })).toBe(
      'Voice ID is required',
    );
    expect(firstMessage(cloneSpeechRequest, { text: 'hi', voice_setting: { voice_id: 'v' } })).toBeNull();
  });

  it('takes a language name as language_boost, and refuses what a database could not store', () => {
    const request = (language_boost: string) => ({ text: 'hi', voice_setting: { voice_id: 'v' }, language_boost });
    for (const name of ['Auto', 'English', 'Chinese,Yue', 'chinese (mandarin)', 'Français', '']) {
      expect(firstMessage(cloneSpeechRequest, request(name)), name).toBeNull();
    }
    for (const bad of ['\ud800', 'en\u0000', 'x'.repeat(65), '<script>']) {
      expect(firstMessage(cloneSpeechRequest, request(bad)), bad).toBe(
        'language_boost must be a language name such as "Auto" or "English"',
      );
    }
  });
});

describe('POST /api/tts answers a bad request with the schema’s message and its code', () => {
  it('refuses a missing text, a missing voice and an over-long text before anything is held', async () => {
    const app = await buildTestApp();
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/tts', headers: { origin: ORIGIN }, payload });
    const cases: [object, string, string][] = [
      [{ voice_setting: { voice_id: 'en-us-female' } }, 'Text is required', 'TEXT_REQUIRED'],
      [{ text: 'Hello there.' }, 'Voice ID is required', 'VOICE_ID_REQUIRED'],
      [
        { text: 'x'.repeat(50_001), voice_setting: { voice_id: 'en-us-female' } },
        'Text exceeds maximum length of 50,000 characters',
        'TEXT_OVER_LIMIT',
      ],
    ];
    for (const [payload, error, code] of cases) {
      const response = await post(payload);
      expect(response.statusCode, error).toBe(400);
      expect(response.json()).toEqual({ error, code });
    }
  });
});
