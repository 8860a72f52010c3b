import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-app.js';

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

describe('routing', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: 'Route POST /api/does-not-exist not found' });
  });

  it('serves the public configuration', async () => {
    const app = await buildTestApp({ env: { CHAT_NUMBER: '923001112223' } });
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({
      productName: 'Sayso',
      chatNumber: '923001112223',
      supportEmail: 'support@sayso.local',
    });
  });

  it('lists the six credit packs of the spec', async () => {
    const app = await buildTestApp();
    const { packs } = (await app.inject({ method: 'GET', url: '/api/credit-packs' })).json() as {
      packs: { credits: number; price: number; currency: string; features: string[] }[];
    };
    expect(packs.map((p) => [p.credits, p.price])).toEqual([
      [1_000_000, 3_000],
      [3_000_000, 5_500],
      [5_000_000, 7_700],
      [7_000_000, 12_000],
      [10_000_000, 15_000],
      [20_000_000, 28_000],
    ]);
    for (const pack of packs) {
      expect(pack.currency).toBe('PKR');
      expect(pack.features).toHaveLength(5);
    }
  });

  it('serves the OpenAPI description of its routes', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/health', '/api/credit-packs']));
  });
});

describe('error handler', () => {
  it('turns a thrown error into a 500 that leaks nothing', async () => {
    const app = await buildTestApp();
    app.get('/api/test-explode', async () => {
      throw new Error('secret internal detail');
    });
    const response = await app.inject({ method: 'GET', url: '/api/test-explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
  });

  it('answers malformed JSON with a 400 and a clear message', async () => {
    const app = await buildTestApp();
    app.post('/api/test-echo', async (request) => request.body);
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"text":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/JSON/i);
  });
});
