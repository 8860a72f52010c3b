import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { addBalance, deductBalance } from '../accounts/balance-repository.js';
import {
  type Admin,
  endAdminSession,
  findAdminBySession,
  recentFailures,
  recordFailure,
  startAdminSession,
  verifyAdmin,
} from './admins.js';
import { grantDefaultCredits, listUsers, USER_SORTS } from './users.js';

declare module 'fastify' {
  interface FastifyRequest {
    admin: Admin | null;
  }
}

const ADMIN_COOKIE = 'sayso_admin';
const SIGN_IN_WINDOW_SECONDS = 60;
const SIGN_IN_FAILURES_ALLOWED = 5;

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const errorBody = z.object({ error: z.string() });
const adminBody = z.object({ admin: z.object({ username: z.string(), name: z.string() }) });
const balanceChange = z.object({
  uid: z.string(),
  previousBalance: z.number(),
  balance: z.number(),
  currency: z.string(),
});
const amountBody = z.object({ amount: z.number({ error: 'Please enter a valid amount' }) });
const uidParams = z.object({ uid: z.string().min(1) });

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

  async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
    const token = readCookie(request, ADMIN_COOKIE);
    const admin = token ? await findAdminBySession(app.db, token) : null;
    if (!admin) throw new AppError(401, 'Admin authentication required', 'ADMIN_REQUIRED');
    request.admin = admin;
  }
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
        body: z.object({ username: z.string().optional(), password: z.string().optional() }),
        response: { 200: adminBody, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const username = request.body.username?.trim() ?? '';
      const password = request.body.password ?? '';
      if (!username || !password) throw new AppError(400, 'Username and password are required', 'FIELDS_REQUIRED');
      if ((await recentFailures(app.db, request.ip, SIGN_IN_WINDOW_SECONDS)) >= SIGN_IN_FAILURES_ALLOWED) {
        throw new AppError(429, 'Too many sign-in attempts. Please wait a minute and try again.', 'RATE_LIMITED', {
          'retry-after': String(SIGN_IN_WINDOW_SECONDS),
        });
      }
      const admin = await verifyAdmin(app.db, username, password);
      if (!admin) {
        await recordFailure(app.db, request.ip);
        request.log.warn({ username }, 'admin sign-in refused');
        throw new AppError(401, 'Invalid username or password', 'INVALID_CREDENTIALS');
      }
      const token = await startAdminSession(app.db, admin.id);
      reply.header('set-cookie', sessionCookie(token));
      return { admin: { username: admin.username, name: admin.name } };
    },
  );

  app.get(
    '/api/admin/session',
    {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: 'The signed-in admin', response: { 200: adminBody, 401: errorBody } },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      return { admin: { username: admin.username, name: admin.name } };
    },
  );

  app.delete(
    '/api/admin/session',
    {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: 'Admin sign-out', response: { 204: z.null(), 401: errorBody } },
    },
    async (request, reply) => {
      const token = readCookie(request, ADMIN_COOKIE);
      if (token) await endAdminSession(app.db, token);
      reply.header('set-cookie', clearedCookie);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/users',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Users with credits and balance: searched, sorted and paged by the database',
        querystring: z.object({
          search: z.string().max(200).default(''),
          sort: z.enum(USER_SORTS).default('alphabetical'),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: {
          200: z.object({
            users: z.array(
              z.object({
                uid: z.string(),
                username: z.string(),
                email: z.string(),
                credits: z.number(),
                balance: z.number(),
                currency: z.string(),
              }),
            ),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
          401: errorBody,
        },
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
        params: uidParams,
        body: amountBody,
        response: { 200: balanceChange, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      const change = await addBalance(app.db, request.params.uid, request.body.amount, admin.name);
      request.log.info(
        { uid: request.params.uid, amount: request.body.amount, admin: admin.username },
        'balance added',
      );
      return { uid: request.params.uid, ...change };
    },
  );

  app.post(
    '/api/admin/users/:uid/balance/deduct',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Deduct money from a user balance (never below zero)',
        params: uidParams,
        body: amountBody,
        response: { 200: balanceChange, 400: errorBody, 401: errorBody, 402: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      const change = await deductBalance(app.db, request.params.uid, request.body.amount, admin.name);
      request.log.info(
        { uid: request.params.uid, amount: request.body.amount, admin: admin.username },
        'balance deducted',
      );
      return { uid: request.params.uid, ...change };
    },
  );

  app.post(
    '/api/admin/default-credits',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Give the default 10,000 credits, once, to every user who never received them',
        response: { 200: z.object({ granted: z.number().int() }), 401: errorBody },
      },
    },
    async (request) => ({ granted: await grantDefaultCredits(app.db, signedInAdmin(request).name) }),
  );
};
