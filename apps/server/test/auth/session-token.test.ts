import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { cookieHeader, ORIGIN, setCookies, signIn, signUp } from '../helpers/sessions.js';

const PASSWORD = 'correct horse battery';

/** The raw session token: the part of the signed cookie value before its signature. */
function sessionToken(response: LightMyRequestResponse): string {
  const line = [...setCookies(response).entries()].find(([name]) => name.endsWith('session_token'))?.[1] ?? '';
  const value = decodeURIComponent(line.split(';')[0]?.split('=').slice(1).join('=') ?? '');
  const token = value.split('.')[0] ?? '';
  expect(token.length).toBeGreaterThanOrEqual(20);
  return token;
}

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

function expectNoToken(response: LightMyRequestResponse, token: string): void {
  expect(keysOf(response.json())).not.toContain('token');
  expect(response.body).not.toContain(token);
}

describe('session token', () => {
  it('stays out of the sign-up and sign-in bodies, in the HttpOnly cookie only', async () => {
    const app = await buildTestApp();
    const up = await signUp(app, { email: 'reader@example.com', password: PASSWORD, name: 'Reader' });
    expect(up.statusCode).toBe(200);
    expectNoToken(up, sessionToken(up));
    expect(up.json()).toMatchObject({ user: { email: 'reader@example.com' } });

    const inAgain = await signIn(app, 'reader@example.com', PASSWORD);
    expect(inAgain.statusCode).toBe(200);
    expectNoToken(inAgain, sessionToken(inAgain));
    expect(inAgain.json()).toMatchObject({ user: { email: 'reader@example.com' } });

    // The cookie alone still signs the user in.
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(inAgain) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'reader@example.com' });
  });

  it('stays out of the session and session-list answers', async () => {
    const app = await buildTestApp();
    const up = await signUp(app, { email: 'lister@example.com', password: PASSWORD, name: 'Lister' });
    const token = sessionToken(up);
    const cookie = cookieHeader(up);
    for (const url of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie, origin: ORIGIN } });
      expect(response.statusCode, url).toBe(200);
      expectNoToken(response, token);
    }
  });

  it('is not in the admin sign-in answer either', async () => {
    const app = await buildTestApp({ env: { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'a-long-admin-password' } });
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { origin: ORIGIN },
      payload: { username: 'ops', password: 'a-long-admin-password' },
    });
    const token = cookieHeader(response).split('=')[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(40);
    expectNoToken(response, token);
  });
});
