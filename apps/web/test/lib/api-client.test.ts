import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

function respondWith(body: string, init: ResponseInit) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, init)),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('returns the JSON body of a successful response', async () => {
    respondWith('{"ok":true}', { status: 200 });
    await expect(apiRequest('/health')).resolves.toEqual({ ok: true });
  });

  it('uses the error field of a failed response as the message', async () => {
    respondWith('{"error":"Text is required"}', { status: 400 });
    await expect(apiRequest('/tts')).rejects.toMatchObject({ message: 'Text is required', status: 400 });
  });

  it('falls back to the message field, then the raw text', async () => {
    respondWith('{"message":"Slow down"}', { status: 429 });
    await expect(apiRequest('/x')).rejects.toThrow('Slow down');
    respondWith('plain failure', { status: 502 });
    await expect(apiRequest('/x')).rejects.toThrow('plain failure');
  });

  it("says 'API Error: ' with status and status text when the body is empty", async () => {
    respondWith('', { status: 503, statusText: 'Service Unavailable' });
    await expect(apiRequest('/x')).rejects.toThrow('API Error: 503 Service Unavailable');
  });

  it('reports a failed fetch as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/x')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});
