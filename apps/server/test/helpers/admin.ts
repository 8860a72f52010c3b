import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildTestApp } from './build-app.js';
import { cookieHeader, ORIGIN } from './sessions.js';

/** The operator account the test apps below start with. */
export const ADMIN = { username: 'ops', password: 'a-long-admin-password' };

/** A test app whose first admin is ADMIN. */
export async function appWithAdmin(): Promise<FastifyInstance> {
  return buildTestApp({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
}

/** Signs ADMIN in and returns the Cookie header of the admin session. */
export async function adminCookie(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/session',
    headers: { origin: ORIGIN },
    payload: ADMIN,
  });
  expect(response.statusCode).toBe(200);
  return cookieHeader(response);
}
