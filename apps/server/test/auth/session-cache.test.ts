import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { SessionCache, sessionCookieValue } from '../../src/domains/auth/session-cache.js';
import { buildTestApp, testConfig } from '../helpers/build-app.js';
import { createServerDatabase, testDatabaseUrl } from '../helpers/databases.js';
import { cookieHeader, ORIGIN, signedInUser, signIn } from '../helpers/sessions.js';

const user = { id: 'u1', email: 'u1@example.com', name: 'U', image: null };

describe('the session cache', () => {
  it('answers for at most its window, and never past the session', () => {
    let now = 1_000_000;
    const cache = new SessionCache(10_000, () => now);
    cache.set('a', { user, createdAt: 0, expiresAt: now + 60_000 }, cache.generation);
    cache.set('b', { user, createdAt: 0, expiresAt: now + 3_000 }, cache.generation);
    now += 2_999;
    expect(cache.get('a')?.user).toEqual(user);
    expect(cache.get('b')?.user).toEqual(user);
    now += 1;
    expect(cache.get('b')).toBeNull();
    now += 7_000;
    expect(cache.get('a')).toBeNull();
  });

  it('forgets everything at a clear, and refuses what a lookup from before the clear read', () => {
    const cache = new SessionCache(10_000);
    const readBefore = cache.generation;
    cache.set('a', { user, createdAt: 0, expiresAt: Date.now() + 60_000 }, readBefore);
    cache.clear();
    expect(cache.get('a')).toBeNull();
    cache.set('a', { user, createdAt: 0, expiresAt: Date.now() + 60_000 }, readBefore);
    expect(cache.get('a')).toBeNull();
  });

  it('keeps nothing when its window is 0', () => {
    const cache = new SessionCache(0);
    cache.set('a', { user, createdAt: 0, expiresAt: Date.now() + 60_000 }, cache.generation);
    expect(cache.get('a')).toBeNull();
  });

  it('is keyed by the one signed session cookie of a request', () => {
    expect(sessionCookieValue('theme=dark; sayso.session_token=abc.sig; other=1')).toBe('sayso.session_token=abc.sig');
    expect(sessionCookieValue('__Secure-sayso.session_token=abc.sig')).toBe('__Secure-sayso.session_token=abc.sig');
    expect(sessionCookieValue('theme=dark')).toBeNull();
    expect(sessionCookieValue(undefined)).toBeNull();
    expect(sessionCookieValue('sayso.session_token=')).toBeNull();
    // Two session cookies: which one better-auth reads is its business, so nothing is cached.
    expect(sessionCookieValue('sayso.session_token=a.s; sayso.session_token=b.s')).toBeNull();
  });
});

const me = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const signOut = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: ORIGIN }, payload: {} });

describe('revocation with cached sessions, in the same process', () => {
  it('a sign-out ends the session at once, though it was just cached', async () => {
    const app = await buildTestApp();
    const { cookie } = await signedInUser(app);
    expect((await me(app, cookie)).statusCode).toBe(200);
    expect((await me(app, cookie)).statusCode).toBe(200);
    expect((await signOut(app, cookie)).statusCode).toBe(200);
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  it('a password change that revokes the other sessions ends them at once', async () => {
    const app = await buildTestApp();
    const { cookie: first, email } = await signedInUser(app);
    const second = cookieHeader(await signIn(app, email, 'correct horse battery'));
    expect((await me(app, first)).statusCode).toBe(200);
    expect((await me(app, second)).statusCode).toBe(200);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: second, origin: ORIGIN },
      payload: {
        currentPassword: 'correct horse battery',
        newPassword: 'a brand new password',
        revokeOtherSessions: true,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(app, first)).statusCode).toBe(401);
  });
});

describe.skipIf(!testDatabaseUrl)(
  'revocation across processes sharing a PostgreSQL database (needs TEST_DATABASE_URL)',
  () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('a sign-out through one process is honoured by another within its cache window', async () => {
      const database = await createServerDatabase();
      const apps: FastifyInstance[] = [];
      try {
        const config = await testConfig({
          env: { SESSION_CACHE_SECONDS: '10', RUN_WORKERS: 'false' },
          override: (loaded) => ({ ...loaded, database: { kind: 'postgres', url: database.url } }),
        });
        // Built one after the other: the second finds the schema and the auth secret the first made.
        apps.push(await buildApp(config));
        apps.push(await buildApp(config));
        const [first, second] = apps as [FastifyInstance, FastifyInstance];
        const { cookie } = await signedInUser(first);
        expect((await me(second, cookie)).statusCode).toBe(200);
        expect((await signOut(first, cookie)).statusCode).toBe(200);
        expect((await me(first, cookie)).statusCode).toBe(401);
        // The documented window: the other process still knows the session from its cache...
        expect((await me(second, cookie)).statusCode).toBe(200);
        // ...and reads it again, ended, once the window has passed.
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 10_001);
        expect((await me(second, cookie)).statusCode).toBe(401);
      } finally {
        vi.useRealTimers();
        for (const app of apps) await app.close();
        await database.drop();
      }
    }, 60_000);
  },
);
