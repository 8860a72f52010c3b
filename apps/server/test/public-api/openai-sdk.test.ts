import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';

describe('OpenAI dialect through the official SDK', () => {
  it('speaks mp3', async () => {
    const app = await buildTestApp();
    const base = await listening(app);
    const { secret } = await apiUser(app);
    const client = new OpenAI({ apiKey: secret, baseURL: `${base}/openai/v1` });
    const response = await client.audio.speech.create({
      model: 'tts-1',
      voice: 'alloy',
      input: 'Hello there. How are you today?',
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
