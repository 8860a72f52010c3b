import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const ORIGIN = 'http://localhost:3000';

/** The cookies a response sets, as name → the whole Set-Cookie line. */
export function setCookies(response: LightMyRequestResponse): Map<string, string> {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

/** A Cookie header carrying the values of the cookies a response set. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return [...setCookies(response).values()].map((line) => line.split(';')[0]).join('; ');
}

export async function signUp(
  app: FastifyInstance,
  user: { email: string; password: string; name: string },
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: ORIGIN }, payload: user });
}

export async function signIn(app: FastifyInstance, email: string, password: string, ip = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
    remoteAddress: ip,
  });
}

/** Signs a new local user up and returns the Cookie header of their session. */
export async function signedInUser(
  app: FastifyInstance,
  email = `user${Math.random().toString(36).slice(2)}@example.com`,
) {
  const response = await signUp(app, { email, password: 'correct horse battery', name: 'Test User' });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  return { email, cookie: cookieHeader(response), userId: (response.json() as { user: { id: string } }).user.id };
}
