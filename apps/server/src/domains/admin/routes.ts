import {
  adminNewPassword,
  adminSession,
  adminSignIn,
  balanceAmount,
  balanceChange,
  adminUserDetail,
  balanceTarget,
  defaultCreditsGrant,
  passwordResetLink,
  suspensionState,
  userPage,
  userPageQuery,
} from '@sayso/contract/admin';
import { errorBody } from '@sayso/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_COOKIE,
  adminSessionGuard,
  anyAdminSessionGuard,
  readCookie,
  signedInAdmin,
} from '../../http/staff-guard.js';
import { deductBalance } from '../accounts/index.js';
import {
  type Admin,
  addToBalance,
  chooseOwnPassword,
  endAdminSession,
  grantDefaultCredits,
  listUsers,
  signInAdmin,
} from './service.js';
import { makePasswordResetLink, reinstate, suspend, userDetail } from './user-service.js';

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

  const requireAdmin = adminSessionGuard(app.db);
  const requireAdminSession = anyAdminSessionGuard(app.db);

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
      onRequest: requireAdminSession,
      schema: { tags: ['admin'], summary: 'The signed-in admin', response: { 200: adminSession, 401: errorBody } },
    },
    async (request) => sessionReply(signedInAdmin(request)),
  );

  app.delete(
    '/api/admin/session',
    {
      onRequest: requireAdminSession,
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
      onRequest: requireAdminSession,
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
      onRequest: requireAdmin,
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
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Add money to a user balance, with the reference of the payment it follows',
        params: balanceTarget,
        body: balanceAmount,
        response: { 200: balanceChange, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      const { uid } = request.params;
      const { amount, reference = null } = request.body;
      const change = await addToBalance(app.db, uid, amount, admin.name, reference);
      request.log.info({ uid, amount, reference, admin: admin.username }, 'balance added');
      return { uid, ...change };
    },
  );

  app.post(
    '/api/admin/users/:uid/balance/deduct',
    {
      onRequest: requireAdmin,
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
      const { amount, reference = null } = request.body;
      const change = await deductBalance(app.db, uid, amount, admin.name, reference);
      request.log.info({ uid, amount, reference, admin: admin.username }, 'balance deducted');
      return { uid, ...change };
    },
  );

  app.post(
    '/api/admin/default-credits',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Give the default 10,000 credits, once, to every user who never received them',
        response: { 200: defaultCreditsGrant, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ granted: await grantDefaultCredits(app.db, signedInAdmin(request).name) }),
  );

  app.get(
    '/api/admin/users/:uid',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'One user: figures, last sign-in, suspension, ledger (with payment references), voices, tasks and API keys',
        params: balanceTarget,
        response: { 200: adminUserDetail, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => userDetail(app.db, request.params.uid),
  );

  app.post(
    '/api/admin/users/:uid/suspend',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Suspend a user: sign-in and API keys are refused, and every session ends',
        params: balanceTarget,
        response: { 200: suspensionState, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      const state = await suspend(app.db, request.params.uid, admin.name);
      // Their sessions were deleted; sessions this process read lately must not answer for them.
      app.sessionCache.clear();
      request.log.info({ uid: request.params.uid, admin: admin.username }, 'user suspended');
      return state;
    },
  );

  app.post(
    '/api/admin/users/:uid/reinstate',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Lift a suspension: the user can sign in and use their API keys again',
        params: balanceTarget,
        response: { 200: suspensionState, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      const state = await reinstate(app.db, request.params.uid);
      request.log.info({ uid: request.params.uid, admin: admin.username }, 'user reinstated');
      return state;
    },
  );

  app.post(
    '/api/admin/users/:uid/password-reset-link',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Make a one-time link that sets a new password for the user (it expires)',
        params: balanceTarget,
        response: { 200: passwordResetLink, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const admin = signedInAdmin(request);
      const link = await makePasswordResetLink(app.db, app.auth, {
        userId: request.params.uid,
        publicUrl: app.config.publicUrl,
        localAccounts: app.config.auth.localAccounts,
      });
      // The link itself is a secret: only who made one for whom is logged.
      request.log.info({ uid: request.params.uid, admin: admin.username }, 'password reset link made');
      return link;
    },
  );
};
