import { describe, expect, it } from 'vitest';
import { createElevenLabsEngine } from '../../src/engines/elevenlabs/elevenlabs-engine.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { adminCookie, appWithAdmin } from '../helpers/admin.js';
import { buildTestApp } from '../helpers/build-app.js';
import { signedInUser } from '../helpers/sessions.js';

describe('GET /api/health (anonymous)', () => {
  it('answers the overall status only: no version, paths, engines or providers', async () => {
    const app = await appWithAdmin();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    // Whatever the full report holds (the data folder, engine reasons), none of it reaches this answer.
    expect(response.body).not.toContain(app.config.dataDir);
  });

  it('does not say which cloud providers are configured', async () => {
    const app = await buildTestApp({
      engines: [
        createEspeakEngine(),
        createElevenLabsEngine({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', defaultModel: 'eleven_multilingual_v2' }),
      ],
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.body).not.toMatch(/elevenlabs|espeak/i);
  });

  it('answers 503 with status only when the database is gone, telling nothing of why', async () => {
    const app = await buildTestApp();
    await app.db.destroy();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'degraded' });
  });
});

describe('GET /api/admin/health (staff)', () => {
  it('reports every component with its details to a signed-in admin', async () => {
    const app = await appWithAdmin();
    const cookie = await adminCookie(app);
    const response = await app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ok',
      database: { status: 'up', kind: 'pglite' },
      queue: { status: 'up' },
      storage: { status: 'up' },
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.engines).toContainEqual(expect.objectContaining({ id: 'espeak', status: 'up' }));
    // No neural model is installed in a test's data folder: staff are told where the engine looked.
    expect(body.engines).toContainEqual(
      expect.objectContaining({ id: 'sherpa', status: 'down', detail: expect.stringContaining(app.config.dataDir) }),
    );
  });

  it('is refused to anonymous callers and to signed-in users who are not staff', async () => {
    const app = await appWithAdmin();
    const user = await signedInUser(app);
    for (const cookie of [undefined, user.cookie]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/admin/health',
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Admin authentication required', code: 'ADMIN_REQUIRED' });
    }
  });
});
