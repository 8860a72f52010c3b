import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Auth, type SessionCache, type SignedInUser, sessionUser } from '../domains/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedInUser | null;
  }
}

/**
 * Builds the hook that admits only requests with a live session cookie. Routes run it `onRequest`,
 * before the body is parsed or validated, so an anonymous caller learns only that it must sign in
 * (401), never what a well-formed request would look like (400).
 */
export function sessionGuard(auth: Auth, maxAgeDays: number, cache: SessionCache) {
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.user = await sessionUser(auth, request.headers.cookie, maxAgeDays, cache);
  };
}

/** The user a route guarded by requireUser serves; its absence is a wiring bug, not a 401. */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new Error('requireUser let a request through without a user');
  return request.user;
}
