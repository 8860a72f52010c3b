import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';

const TEXT = 'A short sentence that is never spoken, because its format is refused.';
/** The formats our encoders write; aac is OpenAI's too, but we have no encoder for it. */
const WORKING = ['mp3', 'opus', 'flac', 'wav', 'pcm'];

interface OpenAiErrorFields {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

/** The OpenAI-shaped error of a refused speech request, made through the official SDK. */
async function refusedSpeech(format: string): Promise<{ status: number; error: OpenAiErrorFields }> {
  const app = await buildTestApp();
  const base = await listening(app);
  const { secret } = await apiUser(app);
  const client = new OpenAI({ apiKey: secret, baseURL: `${base}/openai/v1`, maxRetries: 0 });
  const request = { model: 'tts-1', voice: 'alloy', input: TEXT } as const;
  // The SDK types `response_format` as OpenAI's list; a script may send anything, so the test does too.
  const call = client.audio.speech.create({ ...request, response_format: format as 'mp3' });
  const thrown = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof OpenAI.APIError)) throw new Error(`expected an APIError, got ${String(thrown)}`);
  const tasks = await app.db.selectFrom('speech_tasks').select('id').execute();
  expect(tasks, 'a refused format holds no credits and records no task').toHaveLength(0);
  return { status: thrown.status ?? 0, error: thrown.error as OpenAiErrorFields };
}

/** The formats a refusal's message offers, in its order. */
function offeredFormats(message: string): string[] {
  const list = /Use one of: ([^.]+)\./.exec(message)?.[1];
  if (!list) throw new Error(`the refusal names no formats: ${message}`);
  return list.split(',').map((format) => format.trim());
}

describe('OpenAI dialect: refused response formats', { timeout: 60_000 }, () => {
  it('refuses aac naming response_format, and offers only the formats that work', async () => {
    const { status, error } = await refusedSpeech('aac');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      type: 'invalid_request_error',
      param: 'response_format',
      code: 'unsupported_format',
    });
    expect(error.message).toContain('"aac"');
    expect(offeredFormats(error.message)).toEqual(WORKING);
  });

  it('refuses a format OpenAI does not know (ogg) the same way, without offering aac', async () => {
    const { status, error } = await refusedSpeech('ogg');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      type: 'invalid_request_error',
      param: 'response_format',
      code: 'unsupported_format',
    });
    expect(error.message).toContain('"ogg"');
    expect(offeredFormats(error.message)).toEqual(WORKING);
    expect(error.message).not.toContain('aac');
  });
});
