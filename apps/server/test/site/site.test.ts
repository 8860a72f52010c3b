import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';

describe('GET /api/config', () => {
  it('serves the public configuration', async () => {
    const app = await buildTestApp({ env: { CHAT_NUMBER: '923001112223' } });
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({
      productName: 'Sayso',
      chatNumber: '923001112223',
      supportEmail: 'support@sayso.local',
      // eSpeak alone: the copy may not promise natural voices or name a cloud provider.
      naturalVoices: false,
      neuralCloning: false,
      // eSpeak's approximate clones have no denoiser: the studio's switch says so.
      cloneNoiseReduction: false,
      cloudProviders: [],
    });
  });
});
