import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { type Admin, findAdminBySession } from '../domains/admin/index.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    admin: Admin | null;
  }
}

/** The staff session's cookie: its own, scoped to /api/admin, independent of any user session. */
export const ADMIN_COOKIE = 'sayso_admin';

export function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The admin of the request's session cookie, or a 401. */
async function adminOfRequest(db: Kysely<Database>, request: FastifyRequest): Promise<Admin> {
  const token = readCookie(request, ADMIN_COOKIE);
  const admin = token ? await findAdminBySession(db, token) : null;
  if (!admin) throw new AppError('ADMIN_REQUIRED');
  return admin;
}

/**
 * The hook of staff routes, in every domain that has them. Routes run it `onRequest`, before the
 * body is parsed or validated, so a caller without staff rights gets 401 or 403, never a 400 that
 * describes the request. A session opened with a one-time password gets a 403 here until a new
 * password is chosen.
 */
export function adminSessionGuard(db: Kysely<Database>) {
  return async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
    const admin = await adminOfRequest(db, request);
    if (admin.mustChangePassword) throw new AppError('MUST_CHANGE_PASSWORD');
    request.admin = admin;
  };
}

/** Any live admin session, one that must still replace its one-time password included. */
export function anyAdminSessionGuard(db: Kysely<Database>) {
  return async function requireAdminSession(request: FastifyRequest, _reply: FastifyReply) {
    request.admin = await adminOfRequest(db, request);
  };
}

/** The admin a route guarded by requireAdmin serves; its absence is a wiring bug, not a 401. */
export function signedInAdmin(request: FastifyRequest): Admin {
  if (!request.admin) throw new Error('requireAdmin let a request through without an admin');
  return request.admin;
}
