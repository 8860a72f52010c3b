import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { applyMovement } from '../../src/domains/accounts/ledger-repository.js';
import { buildTestApp } from '../helpers/build-app.js';
import { creditsOf } from '../helpers/money.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { cookieHeader, signedInUser } from '../helpers/sessions.js';

const FOREIGN = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

/** A signed-in user with enough money for the starter pack (3,000). */
async function userWithBalance(app: FastifyInstance) {
  const user = await signedInUser(app);
  await app.db
    .transaction()
    .execute((trx) => applyMovement(trx, { userId: user.userId, asset: 'money', amount: 3_000, kind: 'admin_add' }));
  return user;
}

function cloneForm(sample: Buffer): FormData {
  const form = new FormData();
  form.append('audio', new Blob([sample], { type: 'audio/wav' }), 'sample.wav');
  form.append('voice_name', 'Stolen voice');
  return form;
}

async function clonedVoiceCount(app: FastifyInstance): Promise<number> {
  return (await app.db.selectFrom('cloned_voices').select('id').execute()).length;
}

describe('cross-site guard on encoded paths', () => {
  it('refuses a foreign purchase sent to /%61pi/purchases and buys nothing', async () => {
    const app = await buildTestApp();
    const user = await userWithBalance(app);
    const before = await creditsOf(app.db, user.userId);
    const response = await app.inject({
      method: 'POST',
      url: '/%61pi/purchases',
      headers: { ...FOREIGN, cookie: user.cookie },
      payload: { packId: 'starter', idempotencyKey: 'key-encoded-01' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Cross-site request refused', code: 'CROSS_SITE' });
    expect(await creditsOf(app.db, user.userId)).toBe(before);
  });

  it('refuses a foreign multipart clone sent to /%61pi/voice/clone and creates no voice', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/%61pi/voice/clone',
      headers: { ...FOREIGN, cookie: user.cookie },
      payload: cloneForm(await spokenSampleWav()),
    });
    expect(response.statusCode).toBe(403);
    expect(await clonedVoiceCount(app)).toBe(0);
  });

  it('refuses both over a real loopback socket too', async () => {
    const app = await buildTestApp();
    const user = await userWithBalance(app);
    const before = await creditsOf(app.db, user.userId);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const purchase = await fetch(`${address}/%61pi/purchases`, {
      method: 'POST',
      headers: { ...FOREIGN, cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ packId: 'starter', idempotencyKey: 'key-encoded-02' }),
    });
    expect(purchase.status).toBe(403);
    expect(await purchase.json()).toEqual({ error: 'Cross-site request refused', code: 'CROSS_SITE' });
    const clone = await fetch(`${address}/%61pi/voice/clone`, {
      method: 'POST',
      headers: { ...FOREIGN, cookie: user.cookie },
      body: cloneForm(await spokenSampleWav()),
    });
    expect(clone.status).toBe(403);
    expect(await clone.json()).toEqual({ error: 'Cross-site request refused', code: 'CROSS_SITE' });
    expect(await creditsOf(app.db, user.userId)).toBe(before);
    expect(await clonedVoiceCount(app)).toBe(0);
  });

  it('refuses every state-changing method from a foreign origin, whatever the path spelling', async () => {
    const app = await buildTestApp();
    const { cookie } = await signedInUser(app);
    const cases = [
      { method: 'PUT', url: '/%61pi/preferences' },
      { method: 'DELETE', url: '/api/voice/%61bc' },
      { method: 'POST', url: '/API/purchases' },
      { method: 'PATCH', url: '/api/purchases' },
    ] as const;
    for (const { method, url } of cases) {
      const response = await app.inject({ method, url, headers: { origin: 'https://evil.example', cookie } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('cookie requests without Origin or Fetch Metadata', () => {
  it('refuses a state-changing request that carries a cookie but neither header', async () => {
    const app = await buildTestApp();
    const user = await userWithBalance(app);
    const before = await creditsOf(app.db, user.userId);
    const response = await app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { cookie: user.cookie },
      payload: { packId: 'starter', idempotencyKey: 'key-no-origin-1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Cross-site request refused', code: 'CROSS_SITE' });
    expect(await creditsOf(app.db, user.userId)).toBe(before);
  });

  it('accepts the same request with a same-origin Fetch Metadata header and no Origin', async () => {
    const app = await buildTestApp();
    const user = await userWithBalance(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' },
      payload: { packId: 'starter', idempotencyKey: 'key-no-origin-2' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('leaves requests without a cookie to authentication (the seam for API keys)', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { authorization: 'Bearer not-a-key-yet' },
      payload: { packId: 'starter', idempotencyKey: 'key-no-cookie-1' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('loopback names in development', () => {
  const signOut = (app: FastifyInstance, cookie: string, origin: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin, 'content-type': 'application/json' },
      payload: {},
    });

  it('signs out when the app is reached at 127.0.0.1 or [::1] while PUBLIC_URL says localhost', async () => {
    const app = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const { cookie } = await signedInUser(app);
      const response = await signOut(app, cookie, origin);
      expect(response.statusCode, origin).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    }
  });

  it('still refuses a loopback origin on another port', async () => {
    const app = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    const { cookie } = await signedInUser(app);
    expect((await signOut(app, cookie, 'http://127.0.0.1:4000')).statusCode).toBe(403);
  });

  it('accepts no loopback name when PUBLIC_URL is a public address', async () => {
    const publicOrigin = 'https://voice.example.com';
    const app = await buildTestApp({ env: { PUBLIC_URL: publicOrigin } });
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: publicOrigin },
      payload: { email: 'public@example.com', password: 'correct horse battery', name: 'Public' },
    });
    const cookie = cookieHeader(signedUp);
    expect((await signOut(app, cookie, 'http://localhost:3000')).statusCode).toBe(403);
    expect((await signOut(app, cookie, publicOrigin)).statusCode).toBe(200);
  });
});
