import {
  adminNewPassword,
  adminSession,
  adminSignIn,
  balanceAmount,
  balanceChange,
  balanceTarget,
  defaultCreditsGrant,
  userPage,
  userPageQuery,
} from '@sayso/contract/admin';
import { errorBody } from '@sayso/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { deductBalance } from '../accounts/service.js';
import {
  type Admin,
  addToBalance,
  chooseOwnPassword,
  endAdminSession,
  findAdminBySession,
  grantDefaultCredits,
  listUsers,
  signInAdmin,
} from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    admin: Admin | null;
  }
}

const ADMIN_COOKIE = 'sayso_admin';

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const MUST_CHANGE_PASSWORD = 'Choose a new password before using the admin panel';

/** The admin of the request's session cookie, or a 401. */
async function adminOfRequest(db: Kysely<Database>, request: FastifyRequest): Promise<Admin> {
  const token = readCookie(request, ADMIN_COOKIE);
  const admin = token ? await findAdminBySession(db, token) : null;
  if (!admin) throw new AppError(401, 'Admin authentication required', 'ADMIN_REQUIRED');
  return admin;
}

/**
 * The preHandler of staff routes; other domains' staff routes (such as /api/admin/health) use it too.
 * A session opened with a one-time password gets a 403 here until a new password is chosen.
 */
export function adminSessionGuard(db: Kysely<Database>) {
  return async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
    const admin = await adminOfRequest(db, request);
    if (admin.mustChangePassword) throw new AppError(403, MUST_CHANGE_PASSWORD, 'MUST_CHANGE_PASSWORD');
    request.admin = admin;
  };
}

/** Any live admin session, one that must still replace its one-time password included. */
function anyAdminSessionGuard(db: Kysely<Database>) {
  return async function requireAdminSession(request: FastifyRequest, _reply: FastifyReply) {
    request.admin = await adminOfRequest(db, request);
  };
}

/** The staff session as the admin panel sees it: no id, no password hash, no token. */
const sessionReply = (admin: Admin) => ({
  admin: { username: admin.username, name: admin.name },
  mustChangePassword: admin.mustChangePassword,
});

/**
 * Staff routes under /api/admin. The admin session is its own HttpOnly cookie with no expiry date,
 * so it lasts for the browser session and is independent of any user session.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.publicUrl.startsWith('https://');
  const sessionCookie = (token: string) =>
    `${ADMIN_COOKIE}=${token}; Path=/api/admin; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  const clearedCookie = `${ADMIN_COOKIE}=; Path=/api/admin; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

  app.decorateRequest('admin', null);

  const requireAdmin = adminSessionGuard(app.db);
  const requireAdminSession = anyAdminSessionGuard(app.db);
  const signedInAdmin = (request: FastifyRequest): Admin => {
    if (!request.admin) throw new Error('requireAdmin let a request through without an admin');
    return request.admin;
  };

  app.post(
    '/api/admin/session',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin sign-in',
        body: adminSignIn,
        response: { 200: adminSession, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { username = '', password = '' } = request.body;
      const { admin, token } = await signInAdmin(app.db, { username, password, clientIp: request.ip }, request.log);
      reply.header('set-cookie', sessionCookie(token));
      return sessionReply(admin);
    },
  );

  app.get(
    '/api/admin/session',
    {
      preHandler: requireAdminSession,
      schema: { tags: ['admin'], summary: 'The signed-in admin', response: { 200: adminSession, 401: errorBody } },
    },
    async (request) => sessionReply(signedInAdmin(request)),
  );

  app.delete(
    '/api/admin/session',
    {
      preHandler: requireAdminSession,
      schema: { tags: ['admin'], summary: 'Admin sign-out', response: { 204: z.null(), 401: errorBody } },
    },
    async (request, reply) => {
      const token = readCookie(request, ADMIN_COOKIE);
      if (token) await endAdminSession(app.db, token);
      reply.header('set-cookie', clearedCookie);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/password',
    {
      preHandler: requireAdminSession,
      schema: {
        tags: ['admin'],
        summary: 'Replace the one-time password this session was opened with by a password of your own',
        body: adminNewPassword,
        response: { 200: adminSession, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      // requireAdminSession found a session, so its cookie is there.
      const sessionToken = readCookie(request, ADMIN_COOKIE) ?? '';
      const changed = await chooseOwnPassword(app.db, { admin, sessionToken, password: request.body.password });
      request.log.info({ admin: admin.username }, 'one-time admin password replaced');
      return sessionReply(changed);
    },
  );

  app.get(
    '/api/admin/users',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Users with credits and balance: searched, sorted and paged by the database',
        querystring: userPageQuery,
        response: { 200: userPage, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.post(
    '/api/admin/users/:uid/balance/add',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Add money to a user balance',
        params: balanceTarget,
        body: balanceAmount,
        response: { 200: balanceChange, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      const { uid } = request.params;
      const { amount } = request.body;
      const change = await addToBalance(app.db, uid, amount, admin.name);
      request.log.info({ uid, amount, admin: admin.username }, 'balance added');
      return { uid, ...change };
    },
  );

  app.post(
    '/api/admin/users/:uid/balance/deduct',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Deduct money from a user balance (never below zero)',
        params: balanceTarget,
        body: balanceAmount,
        response: {
          200: balanceChange,
          400: errorBody,
          401: errorBody,
          402: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      const { uid } = request.params;
      const { amount } = request.body;
      const change = await deductBalance(app.db, uid, amount, admin.name);
      request.log.info({ uid, amount, admin: admin.username }, 'balance deducted');
      return { uid, ...change };
    },
  );

  app.post(
    '/api/admin/default-credits',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Give the default 10,000 credits, once, to every user who never received them',
        response: { 200: defaultCreditsGrant, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ granted: await grantDefaultCredits(app.db, signedInAdmin(request).name) }),
  );
};
