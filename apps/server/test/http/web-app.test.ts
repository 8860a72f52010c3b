import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';

describe('routing', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: 'Route POST /api/does-not-exist not found' });
  });
});
