import {
  accountBilling,
  accountDeleted,
  accountDeletion,
  accountProfile,
  accountSessionList,
  emailChange,
  otherSessionsEnded,
  passwordChange,
  passwordChanged,
  profileUpdate,
} from '@sayso/contract/account-settings';
import { errorBody } from '@sayso/contract/errors';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/session-guard.js';
import { clearedUserCookie, userCookie } from '../../auth/index.js';
import type { AccountSelfService, Requester } from './service.js';

const errors = { '4xx': errorBody };

/** better-auth's session cookie, ended in the browser as the account goes. */
const sessionCookieName = (secure: boolean) => (secure ? '__Secure-sayso.session_token' : 'sayso.session_token');

/** The account page's routes (/api/account/*): every one for the signed-in user only. */
export function selfServiceRoutes(service: AccountSelfService): FastifyPluginAsyncZod {
  return async (app) => {
    const secureCookies = app.config.publicUrl.startsWith('https://');
    const requester = (request: FastifyRequest): Requester => {
      const user = signedInUser(request);
      return { userId: user.id, email: user.email, clientIp: request.ip, cookie: request.headers.cookie };
    };
    /** The display cookie follows a new name or email at once (the top bar reads it). */
    const refreshUserCookie = (
      reply: FastifyReply,
      userId: string,
      name: string,
      email: string,
      photo: string | null,
    ) => reply.header('set-cookie', userCookie({ uid: userId, email, name, displayName: name, photo }, secureCookies));
    const guarded = { onRequest: app.requireUser };

    app.get(
      '/api/account/profile',
      {
        ...guarded,
        schema: {
          tags: ['account'],
          summary: 'The account’s name and email',
          response: { 200: accountProfile, ...errors },
        },
      },
      async (request) => service.profile(signedInUser(request).id),
    );

    app.patch(
      '/api/account/profile',
      {
        ...guarded,
        schema: {
          tags: ['account'],
          summary: 'Change the account’s name',
          body: profileUpdate,
          response: { 200: accountProfile, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const profile = await service.rename(user.id, request.body.name);
        refreshUserCookie(reply, user.id, profile.name, profile.email, user.image);
        return profile;
      },
    );

    app.post(
      '/api/account/email',
      {
        ...guarded,
        schema: {
          tags: ['account'],
          summary: 'Change the sign-in email, confirmed with the current password',
          body: emailChange,
          response: { 200: accountProfile, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const profile = await service.changeEmail(requester(request), request.body.email, request.body.password);
        refreshUserCookie(reply, user.id, profile.name, profile.email, user.image);
        return profile;
      },
    );

    app.post(
      '/api/account/password',
      {
        ...guarded,
        schema: {
          tags: ['account'],
          summary: 'Change the password (the current one is checked); other sessions are signed out',
          body: passwordChange,
          response: { 200: passwordChanged, ...errors },
        },
      },
      async (request) => ({
        otherSessionsEnded: await service.changePassword(
          requester(request),
          request.body.currentPassword,
          request.body.newPassword,
        ),
      }),
    );

    app.get(
      '/api/account/sessions',
      {
        ...guarded,
        schema: {
          tags: ['account'],
          summary: 'The browsers and devices signed in to the account',
          response: { 200: accountSessionList, ...errors },
        },
      },
      async (request) => ({ sessions: await service.listSessions(requester(request)) }),
    );

    app.post(
      '/api/account/sessions/end-others',
      {
        ...guarded,
        schema: {
          tags: ['account'],
          summary: 'Sign out everywhere else',
          response: { 200: otherSessionsEnded, ...errors },
        },
      },
      async (request) => ({ ended: await service.endOtherSessions(requester(request)) }),
    );

    app.get(
      '/api/account/billing',
      {
        ...guarded,
        schema: {
          tags: ['account'],
          summary: 'Top-ups (with their payment reference), purchases and credits spent per day',
          response: { 200: accountBilling, ...errors },
        },
      },
      async (request) => service.billing(signedInUser(request).id),
    );

    app.get(
      '/api/account/export',
      {
        ...guarded,
        schema: {
          tags: ['account'],
          summary: 'Everything kept about the account, as a ZIP (JSON and files)',
          response: errors,
        },
      },
      async (request, reply) => sendArchive(reply, await service.exportData(signedInUser(request).id)),
    );

    app.post(
      '/api/account/delete',
      {
        ...guarded,
        schema: {
          tags: ['account'],
          summary: 'Delete the account (its email typed again); credits and balance are forfeited',
          body: accountDeletion,
          response: { 200: accountDeleted, ...errors },
        },
      },
      async (request, reply) => {
        const deleted = await service.deleteAccount(requester(request), request.body.confirmEmail);
        const secure = secureCookies ? '; Secure' : '';
        reply.header('set-cookie', [
          clearedUserCookie(secureCookies),
          `${sessionCookieName(secureCookies)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
        ]);
        return deleted;
      },
    );
  };
}

/** The export as a download named for the day it was made. */
async function sendArchive(reply: FastifyReply, archive: Readable) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="sayso-data-${day}.zip"`)
    .header('cache-control', 'no-store')
    .send(archive);
}
