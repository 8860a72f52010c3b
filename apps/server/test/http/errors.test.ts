import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';

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
