import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { Auth } from './auth.js';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedInUser | null;
  }
}

export const NOT_SIGNED_IN = 'User not authenticated. Please log in again.';

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  return headers;
}

/**
 * Builds the preHandler that admits only requests with a live session cookie. Sessions expire
 * after the idle lifetime (better-auth slides it on use) and, whatever the activity, after the
 * absolute lifetime, when they are revoked here.
 */
export function sessionGuard(auth: Auth, maxAgeDays: number) {
  const maxAgeMs = maxAgeDays * 24 * 60 * 60 * 1000;
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const found = await auth.api.getSession({ headers: headersOf(request), query: { disableCookieCache: true } });
    if (!found) throw new AppError(401, NOT_SIGNED_IN, 'UNAUTHENTICATED');
    if (Date.now() - new Date(found.session.createdAt).getTime() > maxAgeMs) {
      await auth.api.revokeSession({ headers: headersOf(request), body: { token: found.session.token } });
      throw new AppError(401, NOT_SIGNED_IN, 'SESSION_EXPIRED');
    }
    const { id, email, name, image } = found.user;
    request.user = { id, email, name, image: image ?? null };
  };
}
