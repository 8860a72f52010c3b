import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';

describe('routing', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: 'Route POST /api/does-not-exist not found', code: 'ROUTE_NOT_FOUND' });
  });
});

describe('the built web app', () => {
  /** A built app in miniature: an index page and one hashed script with the copies the build writes. */
  async function builtApp() {
    const distDir = await mkdtemp(path.join(tmpdir(), 'sayso-dist-'));
    onTestFinished(() => rm(distDir, { recursive: true, force: true }));
    const script = Buffer.from(`export const words = ${JSON.stringify('speech '.repeat(2_000))};\n`);
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(distDir, 'assets/index-abc123.js'), script);
    await writeFile(path.join(distDir, 'assets/index-abc123.js.br'), brotliCompressSync(script));
    await writeFile(path.join(distDir, 'assets/index-abc123.js.gz'), gzipSync(script));
    return { app: await buildTestApp({ env: { WEB_DIST_DIR: distDir } }), script };
  }

  it('sends scripts Brotli or gzip compressed as the browser accepts, whole otherwise, cached for a year', async () => {
    const { app, script } = await builtApp();
    const fetchScript = (acceptEncoding: string) =>
      app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': acceptEncoding } });

    const brotli = await fetchScript('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload)).toEqual(script);
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');

    const gzip = await fetchScript('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(script);

    const whole = await fetchScript('identity');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload).toEqual(script);
  });

  it("answers the app's pages with 200 and any other page path with the not-found page and 404", async () => {
    const { app } = await builtApp();
    for (const url of [
      '/',
      '/pricing',
      '/Pricing',
      '/dashboard2/',
      '/history',
      '/history/0b1c',
      '/admin-panel/models',
      '/pricing?plan=pro',
    ]) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root">');
    }
    for (const url of ['/no-such-page', '/history/0b1c/more', '/assets/missing.js', '/pricing/x', '/dashboard4']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.body, url).toContain('<div id="root">');
    }
    const head = await app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(head.statusCode).toBe(404);
  });
});
