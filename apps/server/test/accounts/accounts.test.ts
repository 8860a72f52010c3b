import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { ledgerSum } from '../helpers/money.js';
import { cookieHeader, ORIGIN, setCookies, signedInUser, signIn, signUp } from '../helpers/sessions.js';

describe('local accounts', () => {
  it('gives a new user 10,000 credits, 0 PKR and a user document with the spec fields', async () => {
    const app = await buildTestApp();
    const { cookie, userId, email } = await signedInUser(app);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      uid: userId,
      email,
      displayName: 'Test User',
      name: 'Test User',
      photo: null,
      credits: 10_000,
      totalCreditsUsed: 0,
      balance: 0,
      currency: 'PKR',
      balanceHistory: [],
    });
    expect(me.json().lastLoginAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The grant went through the ledger.
    expect(await ledgerSum(app.db, userId, 'credits')).toBe(10_000);
  });

  it('sets the display cookie `user` with the spec JSON for 7 days, SameSite Lax, readable by the page', async () => {
    const app = await buildTestApp();
    const { cookie, userId, email } = await signedInUser(app);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    const line = setCookies(me).get('user') ?? '';
    expect(line).toMatch(/Max-Age=604800/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).not.toMatch(/HttpOnly/);
    const value = JSON.parse(decodeURIComponent(line.split(';')[0]?.slice('user='.length) ?? ''));
    expect(value).toEqual({ uid: userId, email, name: 'Test User', displayName: 'Test User', photo: null });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const app = await buildTestApp();
    const response = await signUp(app, { email: 'flags@example.com', password: 'correct horse battery', name: 'F' });
    const session = [...setCookies(response).entries()].find(([name]) => name.includes('session_token'));
    expect(session?.[1]).toMatch(/HttpOnly/);
    expect(session?.[1]).toMatch(/SameSite=Lax/);
  });

  it('marks the session cookie Secure when served over HTTPS', async () => {
    const app = await buildTestApp({ env: { PUBLIC_URL: 'https://voice.example.com' } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://voice.example.com' },
      payload: { email: 'secure@example.com', password: 'correct horse battery', name: 'S' },
    });
    const session = [...setCookies(response).entries()].find(([name]) => name.includes('session_token'));
    expect(session?.[1]).toMatch(/; Secure/);
  });

  it('issues a new session id at every sign-in', async () => {
    const app = await buildTestApp();
    const { email } = await signedInUser(app);
    const first = cookieHeader(await signIn(app, email, 'correct horse battery'));
    const second = cookieHeader(await signIn(app, email, 'correct horse battery'));
    expect(first).toMatch(/session_token=/);
    expect(first).not.toEqual(second);
  });

  it('gives the same message for a wrong password and an unknown email', async () => {
    const app = await buildTestApp();
    const { email } = await signedInUser(app);
    const wrongPassword = await signIn(app, email, 'not the password');
    const unknownEmail = await signIn(app, 'nobody@example.com', 'not the password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(unknownEmail.json().message);
    expect(wrongPassword.json().message).toBe('Invalid email or password');
  });

  it('answers sign-in brute force with 429 and Retry-After', async () => {
    const app = await buildTestApp({ env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '5' } });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let attempt = 0; attempt < 7; attempt += 1) {
      last = await signIn(app, 'victim@example.com', `guess-${attempt}`, '10.1.2.3');
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(last?.headers['x-retry-after'] ?? last?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not locked out by this one.
    expect((await signIn(app, 'victim@example.com', 'guess', '10.9.9.9')).statusCode).toBe(401);
  });
});

describe('session guard', () => {
  it('answers /api/me with 401 without a session', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'User not authenticated. Please log in again.', code: 'UNAUTHENTICATED' });
  });

  it('grants nothing to a forged `user` cookie', async () => {
    const app = await buildTestApp();
    const { userId, email } = await signedInUser(app);
    const forged = `user=${encodeURIComponent(JSON.stringify({ uid: userId, email, name: 'Mallory', photo: null }))}`;
    for (const url of ['/api/me', '/api/me/events']) {
      expect((await app.inject({ method: 'GET', url, headers: { cookie: forged } })).statusCode).toBe(401);
    }
  });

  it('ends the session at sign-out and removes the `user` cookie', async () => {
    const app = await buildTestApp();
    const { cookie } = await signedInUser(app);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(setCookies(out).get('user')).toMatch(/Max-Age=0/);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses a session older than the absolute lifetime, however active', async () => {
    const app = await buildTestApp();
    const { cookie, userId } = await signedInUser(app);
    await app.db
      .updateTable('session')
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where('userId', '=', userId)
      .execute();
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    const remaining = await app.db.selectFrom('session').select('id').where('userId', '=', userId).execute();
    expect(remaining).toEqual([]);
  });
});

describe('cross-site protection', () => {
  it('refuses a state-changing request from a foreign origin', async () => {
    const app = await buildTestApp();
    const { cookie } = await signedInUser(app);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        payload: {},
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('sign-in options', () => {
  it('lists only what is configured', async () => {
    const app = await buildTestApp({
      env: {
        OIDC_ISSUER: 'http://127.0.0.1:9/oidc',
        OIDC_CLIENT_ID: 'sayso',
        OIDC_CLIENT_SECRET: 's3cret',
        OIDC_NAME: 'Company SSO',
      },
    });
    const response = await app.inject({ method: 'GET', url: '/api/sign-in-options' });
    expect(response.json()).toEqual({
      local: true,
      google: false,
      oidc: { name: 'Company SSO' },
      // No SMTP_URL: a forgotten password is reset by staff, not by mail.
      passwordReset: false,
    });
  });
});
