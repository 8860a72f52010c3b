import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listCallbackAttempts } from '../../src/domains/speech/callback-repository.js';
import { buildTestApp } from '../helpers/build-app.js';
import { callbackReceiver, HOOKS_HOST, loopbackTransport } from '../helpers/callback-receiver.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

/**
 * How a receiver checks a callback, written as a user would with node:crypto alone (docs/callbacks.md
 * shows the same): the signed time must be recent, and the HMAC of "<t>.<raw body>" must match.
 */
function verifyCallback(
  secret: string,
  header: string | string[] | undefined,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (typeof header !== 'string') return false;
  const fields = new Map(header.split(',').map((field) => field.split('=', 2) as [string, string]));
  const signedAt = Number(fields.get('t'));
  if (!Number.isInteger(signedAt) || Math.abs(nowSeconds - signedAt) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${signedAt}.${rawBody}`).digest();
  const given = Buffer.from(fields.get('v1') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function signingSecretOf(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/api-keys/signing-secret', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { secret: string }).secret;
}

/** Submits clone-studio speech with a receive_url and waits until it is done; answers the task id. */
async function speakWithCallback(
  app: FastifyInstance,
  receiveUrl: string,
  cookie?: string,
  voiceId = 'espeak-en-sc-m2',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tts',
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { text: 'Call me back when you are done.', voice_setting: { voice_id: voiceId }, receive_url: receiveUrl },
  });
  expect(response.statusCode).toBe(200);
  const taskId = (response.json() as { task_id: string }).task_id;
  expect((await waitForTask(app, taskId, cookie)).status).toBe('done');
  return taskId;
}

const attemptsOf = async (app: FastifyInstance, taskId: string) =>
  (await listCallbackAttempts(app.db, taskId)).map(({ attempt, status_code, error }) => ({
    attempt,
    status_code,
    error,
  }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loopback port nobody listens on: a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const HOOK_URL = `https://${HOOKS_HOST}/sayso/done`;

describe('signed completion callbacks', () => {
  it('signs every attempt with the secret shown on the API keys page, and retries one that failed', async () => {
    // The first delivery fails with a 500; the retry, due 0.2 s later, is accepted.
    const receiver = await callbackReceiver((index) => (index === 0 ? 500 : 200));
    const app = await buildTestApp({
      env: { RECEIVE_URL_ALLOWED_HOSTS: HOOKS_HOST, CALLBACK_RETRY_DELAYS_SECONDS: '0.2,0.2,0.2' },
      callbackTransport: loopbackTransport(receiver.port),
    });
    const user = await signedInUser(app);
    const secret = await signingSecretOf(app, user.cookie);
    expect(secret).toMatch(/^whsec_/);

    const taskId = await speakWithCallback(app, HOOK_URL, user.cookie);
    await expect.poll(() => receiver.received.length, { timeout: 15_000, interval: 100 }).toBe(2);
    await expect
      .poll(() => attemptsOf(app, taskId), { timeout: 5_000, interval: 100 })
      .toEqual([
        { attempt: 1, status_code: 500, error: null },
        { attempt: 2, status_code: 200, error: null },
      ]);

    const [first, retry] = receiver.received;
    if (!first || !retry) throw new Error('two callbacks were polled for');
    for (const [index, callback] of [first, retry].entries()) {
      expect(verifyCallback(secret, callback.headers['sayso-signature'], callback.rawBody)).toBe(true);
      expect(callback.headers).toMatchObject({
        'content-type': 'application/json',
        'sayso-task': taskId,
        'sayso-attempt': String(index + 1),
      });
      expect(callback.body).toMatchObject({ task_id: taskId, status: 'done', audio_url: expect.any(String) });
    }
    // One delivery id across the attempts: it is how a receiver knows a retry from a new event.
    expect(first.headers['sayso-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry.headers['sayso-delivery']).toBe(first.headers['sayso-delivery']);

    // The verifier can fail: a changed body, another user's secret, a changed or old signature.
    const signature = String(retry.headers['sayso-signature']);
    const tampered = retry.rawBody.replace('"status":"done"', '"status":"failed"');
    expect(tampered).not.toBe(retry.rawBody);
    expect(verifyCallback(secret, signature, tampered)).toBe(false);
    const stranger = await signedInUser(app);
    const otherSecret = await signingSecretOf(app, stranger.cookie);
    expect(otherSecret).not.toBe(secret);
    expect(verifyCallback(otherSecret, signature, retry.rawBody)).toBe(false);
    expect(
      verifyCallback(
        secret,
        signature.replace(/v1=./, (match) => (match.endsWith('0') ? 'v1=1' : 'v1=0')),
        retry.rawBody,
      ),
    ).toBe(false);
    expect(verifyCallback(secret, signature, retry.rawBody, Math.floor(Date.now() / 1000) + 600)).toBe(false);

    // A delivered callback is not sent again, although the schedule had retries left.
    await pause(1_500);
    expect(receiver.received).toHaveLength(2);
    expect(await attemptsOf(app, taskId)).toHaveLength(2);
  });

  it('gives up when the schedule runs out, recording why each attempt failed', async () => {
    const app = await buildTestApp({
      env: { RECEIVE_URL_ALLOWED_HOSTS: HOOKS_HOST, CALLBACK_RETRY_DELAYS_SECONDS: '0.1,0.1' },
      callbackTransport: loopbackTransport(await closedPort()),
    });
    const user = await signedInUser(app);
    const taskId = await speakWithCallback(app, HOOK_URL, user.cookie);
    const refused = { status_code: null, error: expect.stringContaining('ECONNREFUSED') };
    await expect
      .poll(() => attemptsOf(app, taskId), { timeout: 15_000, interval: 100 })
      .toEqual([
        { attempt: 1, ...refused },
        { attempt: 2, ...refused },
        { attempt: 3, ...refused },
      ]);
    await pause(1_500);
    expect(await attemptsOf(app, taskId)).toHaveLength(3);
  });

  it("signs a signed-in user's demo task with their secret, and never sends an anonymous one", async () => {
    const receiver = await callbackReceiver();
    const app = await buildTestApp({
      env: { RECEIVE_URL_ALLOWED_HOSTS: HOOKS_HOST, CALLBACK_RETRY_DELAYS_SECONDS: '0.1' },
      callbackTransport: loopbackTransport(receiver.port),
    });
    const user = await signedInUser(app);
    const secret = await signingSecretOf(app, user.cookie);
    // A demo voice and a short text make a free demo task, which belongs to no one.
    const usersDemo = await speakWithCallback(app, HOOK_URL, user.cookie, 'en-us-female');
    const anonymous = await speakWithCallback(app, HOOK_URL, undefined, 'en-us-female');
    await expect.poll(() => receiver.received.length, { timeout: 10_000, interval: 100 }).toBe(1);
    const [callback] = receiver.received;
    expect(callback?.headers['sayso-task']).toBe(usersDemo);
    expect(verifyCallback(secret, callback?.headers['sayso-signature'], callback?.rawBody ?? '')).toBe(true);

    await expect
      .poll(() => attemptsOf(app, anonymous), { timeout: 5_000, interval: 100 })
      .toEqual([{ attempt: 1, status_code: null, error: 'not sent: an anonymous task has no signing secret' }]);
    await pause(800);
    expect(receiver.received).toHaveLength(1);
  });

  it('records a callback to a host that is not allowed as not sent, and does not retry it', async () => {
    const receiver = await callbackReceiver();
    const app = await buildTestApp({
      env: { RECEIVE_URL_ALLOWED_HOSTS: HOOKS_HOST, CALLBACK_RETRY_DELAYS_SECONDS: '0.1' },
      callbackTransport: loopbackTransport(receiver.port),
    });
    const user = await signedInUser(app);
    const taskId = await speakWithCallback(app, 'https://elsewhere.sayso.invalid/done', user.cookie);
    await expect
      .poll(() => attemptsOf(app, taskId), { timeout: 5_000, interval: 100 })
      .toEqual([{ attempt: 1, status_code: null, error: expect.stringMatching(/^not sent: the host is not allowed/) }]);
    await pause(800);
    expect(await attemptsOf(app, taskId)).toHaveLength(1);
    expect(receiver.received).toEqual([]);
  });
});
