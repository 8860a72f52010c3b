import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';

describe('/api/docs', () => {
  it('opens with the API guide, SDK and curl examples for both dialects, above every dialect route', async () => {
    const app = await buildTestApp();
    const described = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      info: { description: string };
      paths: Record<string, unknown>;
    };
    const guide = described.info.description;
    expect(guide).toContain("import OpenAI from 'openai';");
    expect(guide).toContain("baseURL: 'https://your-host/openai/v1'");
    expect(guide).toContain("import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';");
    expect(guide).toMatch(/curl https:\/\/your-host\/openai\/v1\/audio\/speech/);
    expect(guide).toMatch(/curl "https:\/\/your-host\/elevenlabs\/v1\/text-to-speech\//);
    for (const path of [
      '/openai/v1/audio/speech',
      '/elevenlabs/v1/text-to-speech/{voice_id}',
      '/elevenlabs/v1/voices/add',
    ]) {
      expect(described.paths).toHaveProperty([path]);
    }
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
  });
});
