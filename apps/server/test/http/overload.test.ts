import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

const BUSY = { error: 'The server is busy. Please try again in a few seconds.', code: 'SERVER_BUSY' };
const UNKNOWN_TASK = `/api/task/${'0'.repeat(32)}`;
/** Far above any answer the tests expect, far below the test timeout: only silence exceeds it. */
const GENEROUS_MS = 15_000;

/** The answer, or 'silence' when none came within GENEROUS_MS. */
async function answerOrSilence(request: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse | 'silence'> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<'silence'>((resolve) => {
    timer = setTimeout(() => resolve('silence'), GENEROUS_MS);
  });
  try {
    return await Promise.race([request, silence]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Holds the embedded database's single connection, as a long transaction does under load, until
 * the returned function is called.
 */
function holdDatabase(app: FastifyInstance): () => Promise<void> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = app.db.transaction().execute(() => gate);
  return async () => {
    release();
    await held;
  };
}

function expectBusy(answer: LightMyRequestResponse | 'silence'): void {
  expect(answer, 'an answer, not silence').not.toBe('silence');
  if (answer === 'silence') return;
  expect(answer.statusCode).toBe(503);
  expect(answer.headers['retry-after']).toBe('5');
  expect(answer.json()).toEqual(BUSY);
}

/** Keeps the event loop busy, as a render running on it does. */
function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose
  }
}

describe('a read that cannot get the database in time', () => {
  it('gets a 503 with Retry-After instead of silence, and reads answer normally once it is free', async () => {
    const app = await buildTestApp({ env: { REQUEST_DATABASE_WAIT_MS: '300' } });
    const release = holdDatabase(app);
    try {
      expectBusy(await answerOrSilence(app.inject({ method: 'GET', url: UNKNOWN_TASK })));
    } finally {
      await release();
    }
    const normal = await app.inject({ method: 'GET', url: UNKNOWN_TASK });
    expect(normal.statusCode).toBe(404);
  });

  it('says busy, not signed out, when the session lookup is what waited', async () => {
    const app = await buildTestApp({ env: { REQUEST_DATABASE_WAIT_MS: '300' } });
    const { cookie } = await signedInUser(app);
    const release = holdDatabase(app);
    try {
      expectBusy(await answerOrSilence(app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })));
    } finally {
      await release();
    }
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('lets a state-changing request that was let in wait for the database and finish', async () => {
    const app = await buildTestApp({ env: { REQUEST_DATABASE_WAIT_MS: '300' } });
    const { cookie } = await signedInUser(app);
    const release = holdDatabase(app);
    const saving = app.inject({
      method: 'PUT',
      url: '/api/preferences',
      headers: { origin: ORIGIN, cookie },
      payload: { preferredVoiceId: 'espeak-en-us-m3', preferredVoiceName: 'Voice' },
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await release();
    const saved = await answerOrSilence(saving);
    expect(saved === 'silence' ? 'silence' : saved.statusCode).toBe(200);
  });
});

describe('an event loop that lags behind', () => {
  it('refuses API requests at once with 503 and Retry-After, and still serves health and pages', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'sayso-dist-'));
    onTestFinished(() => rm(distDir, { recursive: true, force: true }));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const app = await buildTestApp({
      env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '250', WEB_DIST_DIR: distDir },
      override: (config) => ({ ...config, overload: { ...config.overload, sampleIntervalMs: 200 } }),
    });
    await app.ready();
    // Other test files share the cores: wait out any lag they caused before the calm request.
    await vi.waitFor(() => expect(app.isUnderPressure()).toBe(false), { timeout: GENEROUS_MS, interval: 20 });
    expect((await app.inject({ method: 'GET', url: UNKNOWN_TASK })).statusCode).toBe(404);

    // The check reads the mean delay of a sample window, so one long stall can be averaged away by
    // the quick turns around it: stall again and again, letting timers run between stalls, until a
    // window's mean is far above 250 ms.
    const deadline = Date.now() + GENEROUS_MS;
    while (!app.isUnderPressure() && Date.now() < deadline) {
      blockEventLoop(600);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(app.isUnderPressure()).toBe(true);
    const [api, write, health, page] = await Promise.all([
      app.inject({ method: 'GET', url: UNKNOWN_TASK }),
      app.inject({ method: 'POST', url: '/api/purchases', headers: { origin: ORIGIN }, payload: {} }),
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'GET', url: '/dashboard' }),
    ]);
    expectBusy(api);
    expectBusy(write);
    expect(health.json()).not.toEqual(BUSY);
    expect(page.statusCode).toBe(200);

    await vi.waitFor(() => expect(app.isUnderPressure()).toBe(false), { timeout: GENEROUS_MS, interval: 20 });
    expect((await app.inject({ method: 'GET', url: UNKNOWN_TASK })).statusCode).toBe(404);
  });
});
