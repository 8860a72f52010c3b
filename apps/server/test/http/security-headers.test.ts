import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { signedInUser } from '../helpers/sessions.js';

const WEB_INDEX = path.resolve(import.meta.dirname, '../../../web/index.html');

/** A built web app as Vite lays it out: index.html loading a hashed module from assets/. */
async function webDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sayso-dist-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  return dir;
}

async function appServingWeb(env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildTestApp({ env: { WEB_DIST_DIR: await webDist(), ...env } });
}

/** The Content-Security-Policy header as directive name -> sources. */
function cspOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectBaselineHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = cspOf(headers['content-security-policy'] as string);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
  expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:', 'data:']));
}

/** What an API answer carries: data that runs nothing, loads nothing but its own audio, and is never framed. */
function expectApiHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = cspOf(headers['content-security-policy'] as string);
  expect(Object.fromEntries(csp)).toEqual({
    'default-src': ["'none'"],
    'media-src': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
  // Page-only headers stay on pages.
  for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control']) {
    expect(headers[name], name).toBeUndefined();
  }
}

describe('security headers', () => {
  it('sends the page policy on a page, its script, and a path no route takes', async () => {
    const app = await appServingWeb();
    for (const url of ['/', '/dashboard', '/assets/index-abc123.js', '/api/no-such-route']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      expectBaselineHeaders(response.headers);
    }
  });

  it('sends the API set on the answers of every API, errors included', async () => {
    const app = await appServingWeb();
    const answers = [
      await app.inject({ method: 'GET', url: '/api/config' }),
      await app.inject({ method: 'GET', url: '/api/credit-packs' }),
      await app.inject({ method: 'GET', url: '/api/me' }),
      await app.inject({ method: 'GET', url: '/openai/v1/models' }),
      await app.inject({ method: 'GET', url: '/elevenlabs/v1/voices' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 401, 401]);
    for (const answer of answers) expectApiHeaders(answer.headers);
  });

  it('keeps popups it opens reachable (sign-in) and leaves the sign-in popup itself without an opener policy', async () => {
    const app = await appServingWeb();
    const page = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    for (const url of ['/auth/popup', '/auth/popup/done?error=x', '/Auth/Popup']) {
      const popup = await app.inject({ method: 'GET', url });
      expect(popup.statusCode, url).toBe(200);
      expect(popup.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    // The identity provider sends the popup back through the auth routes, and Chromium applies an
    // opener policy to every redirect on the way: one there would cut the popup off from its opener.
    const callback = await app.inject({ method: 'GET', url: '/api/auth/callback/google?state=x&code=y' });
    expect(callback.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('lets other sites load signed file links (API clients play them) but nothing else', async () => {
    const app = await appServingWeb();
    const file = await app.inject({
      method: 'GET',
      url: `/api/files/tasks/${'a'.repeat(32)}/audio.mp3?expires=1&sig=x`,
    });
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const url of ['/', '/api/config']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('sends HSTS only when PUBLIC_URL is https, and upgrades insecure requests only then', async () => {
    const plain = await appServingWeb({ PUBLIC_URL: 'http://localhost:3000' });
    const overHttp = await plain.inject({ method: 'GET', url: '/' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    expect(cspOf(overHttp.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);

    const secure = await appServingWeb({ PUBLIC_URL: 'https://voice.example.com' });
    const overHttps = await secure.inject({ method: 'GET', url: '/' });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000');
    const apiOverHttps = await secure.inject({ method: 'GET', url: '/api/config' });
    expect(apiOverHttps.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(cspOf(overHttps.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('sends the API set on a live account stream, which writes its own head', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/me/events`, {
      headers: { cookie: user.cookie },
      signal: controller.signal,
    });
    controller.abort();
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expectApiHeaders(Object.fromEntries(response.headers));
  });

  it('serves the API documentation, a page, under the page policy, which it needs nothing beyond', async () => {
    const app = await buildTestApp();
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expectBaselineHeaders(page.headers);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(page.body).not.toMatch(/\son\w+=/i);
  });
});

describe('the web app page', () => {
  it('has no inline script, so a script-src of self is enough', async () => {
    const html = await readFile(WEB_INDEX, 'utf8');
    const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\bsrc=/);
    expect(html).not.toMatch(/\son\w+=/i);
  });
});
