import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';

describe('GET /api/health', () => {
  it('reports the database, queue and storage up, with the version', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ok',
      database: { status: 'up', kind: 'pglite' },
      queue: { status: 'up' },
      storage: { status: 'up' },
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Array.isArray(body.engines)).toBe(true);
  });

  it('answers 503 and says what is down when the database is gone', async () => {
    const app = await buildTestApp();
    await app.db.destroy();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
  });
});
