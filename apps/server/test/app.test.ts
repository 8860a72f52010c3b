import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-app.js';

describe('the app', () => {
  it('serves the OpenAPI description of its routes', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/health', '/api/credit-packs']));
  });
});
