import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { speechText } from '@sayso/contract/speech';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, isErrorCode } from '../../src/http/error-codes.js';
import { AppError } from '../../src/http/errors.js';
import { buildTestApp } from '../helpers/build-app.js';

const ORIGIN = 'http://localhost:3000';

/** Routes that fail in each way the error handler knows, on a booted app. */
async function appWithFailingRoutes(): Promise<FastifyInstance> {
  const app = await buildTestApp();
  app.get('/api/test-explode', async () => {
    throw new Error('secret internal detail');
  });
  app.get('/api/test-ours', async () => {
    throw new AppError('PACK_NOT_FOUND');
  });
  app.get('/api/test-wrapped', async () => {
    throw new Error('a library wrapped it', { cause: new AppError('INSUFFICIENT_CREDITS') });
  });
  app.post('/api/test-echo', async (request) => request.body);
  app.post('/api/test-text', { schema: { body: z.object({ text: speechText }) } }, async () => ({ ok: true }));
  app.post('/api/test-count', { schema: { body: z.object({ count: z.number() }) } }, async () => ({ ok: true }));
  return app;
}

const json = { origin: ORIGIN, 'content-type': 'application/json' };

describe('error handler', () => {
  it('turns a thrown error into a 500 that leaks nothing', async () => {
    const app = await appWithFailingRoutes();
    const response = await app.inject({ method: 'GET', url: '/api/test-explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
  });

  it('answers malformed JSON with a 400, a clear message and its code', async () => {
    const app = await appWithFailingRoutes();
    const response = await app.inject({ method: 'POST', url: '/api/test-echo', headers: json, payload: '{"text":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/JSON/i);
    expect(response.json().code).toBe('MALFORMED_JSON');
  });

  it('answers an AppError, bare or wrapped by a library, with the status, words and code of the registry', async () => {
    const app = await appWithFailingRoutes();
    const bare = await app.inject({ method: 'GET', url: '/api/test-ours' });
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toEqual({ error: 'Credit pack not found', code: 'PACK_NOT_FOUND' });
    const wrapped = await app.inject({ method: 'GET', url: '/api/test-wrapped' });
    expect(wrapped.statusCode).toBe(402);
    expect(wrapped.json()).toEqual({ error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' });
  });

  it("keeps a field's own code when its validator speaks one of the registry's texts", async () => {
    const app = await appWithFailingRoutes();
    const empty = await app.inject({ method: 'POST', url: '/api/test-text', headers: json, payload: { text: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Text is required', code: 'TEXT_REQUIRED' });
    const other = await app.inject({ method: 'POST', url: '/api/test-count', headers: json, payload: { count: 'x' } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ error: expect.any(String), code: 'VALIDATION_FAILED' });
  });

  it('gives every kind of error body a code from the registry', async () => {
    const app = await appWithFailingRoutes();
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/test-explode' }),
      app.inject({ method: 'GET', url: '/api/test-ours' }),
      app.inject({ method: 'GET', url: '/api/test-wrapped' }),
      app.inject({ method: 'POST', url: '/api/test-echo', headers: json, payload: '{"text":' }),
      app.inject({ method: 'POST', url: '/api/test-echo', headers: { ...json, 'content-type': 'text/x-nothing' } }),
      app.inject({ method: 'POST', url: '/api/test-text', headers: json, payload: {} }),
      app.inject({ method: 'POST', url: '/api/test-count', headers: json, payload: { count: 'x' } }),
      app.inject({ method: 'GET', url: '/api/does-not-exist' }),
      app.inject({ method: 'GET', url: '/api/speech/task/nope' }),
      app.inject({ method: 'POST', url: '/api/purchase', headers: json, payload: { pack_id: 'gold' } }),
      app.inject({ method: 'POST', url: '/api/purchase', headers: { ...json, origin: 'https://elsewhere.example' } }),
    ]);
    for (const answer of answers) {
      const label = `${answer.statusCode} ${answer.body}`;
      expect(answer.statusCode, label).toBeGreaterThanOrEqual(400);
      const body = answer.json() as Record<string, unknown>;
      expect(Object.keys(body).sort(), label).toEqual(['code', 'error']);
      expect(typeof body.error, label).toBe('string');
      expect(isErrorCode(String(body.code)), label).toBe(true);
    }
  });
});

describe('the error registry', () => {
  it('gives every code an error status and words', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
    }
  });

  it('builds an AppError from its code, with the data its words carry', () => {
    const tooLarge = new AppError('SAMPLE_TOO_LARGE', '21.3');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.code).toBe('SAMPLE_TOO_LARGE');
    expect(tooLarge.message).toBe('File too large. Maximum size: 20MB, your file: 21.3MB');
    const limited = new AppError('RATE_LIMITED').withHeaders({ 'retry-after': '5' });
    expect(limited.headers).toEqual({ 'retry-after': '5' });
    expect(AppError.withMessage('TIMEOUT', 'The engine gave up.')).toMatchObject({
      statusCode: 504,
      code: 'TIMEOUT',
      message: 'The engine gave up.',
    });
  });

  // A code nothing throws is a promise to clients that the server does not keep. A code is used
  // where the server names it, or where a contract schema speaks its fixed words: the error
  // handler then answers with that code (see the validator test above).
  it('has no entry the server never uses', async () => {
    const sourceOf = async (dir: string) => {
      const files = (await readdir(dir, { recursive: true }))
        .filter((file) => file.endsWith('.ts') && !file.endsWith('error-codes.ts'))
        .map((file) => path.join(dir, file));
      return (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n');
    };
    const server = await sourceOf(path.resolve(import.meta.dirname, '../../src'));
    const contract = await sourceOf(path.resolve(import.meta.dirname, '../../../../packages/contract/src'));
    const unused = Object.entries(ERROR_CODES)
      .filter(([code, { message }]) => {
        if (server.includes(`'${code}'`)) return false;
        return typeof message !== 'string' || !contract.includes(message);
      })
      .map(([code]) => code);
    expect(unused).toEqual([]);
  });

  it('is listed in full in docs/api.md, for clients to branch on', async () => {
    const guide = await readFile(path.resolve(import.meta.dirname, '../../../../docs/api.md'), 'utf8');
    const missing = Object.keys(ERROR_CODES).filter((code) => !guide.includes(`| \`${code}\``));
    expect(missing).toEqual([]);
  });
});
