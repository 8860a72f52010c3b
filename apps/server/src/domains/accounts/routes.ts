import type { ServerResponse } from 'node:http';
import { signInOptions, userDocument } from '@sayso/contract/account';
import { errorBody } from '@sayso/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../http/session-guard.js';
import { offeredSignInMethods, userCookie } from '../auth/index.js';
import { getAccountFigures, getUserDocument } from './service.js';

const HEARTBEAT_MS = 25_000;

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Live streams never end by themselves; a shutdown ends them so the server can close.
  const openStreams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });
  const secureCookies = app.config.publicUrl.startsWith('https://');

  /** Sends an `account` event now and whenever the user's figures change, until the client leaves. */
  async function streamAccountFigures(request: FastifyRequest, reply: FastifyReply, userId: string) {
    reply.hijack();
    const stream = reply.raw;
    // A hijacked reply writes its own head: the security headers set for it so far go with it.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) stream.setHeader(name, value);
    }
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let closed = false;
    const send = async () => {
      const figures = await getAccountFigures(app.db, userId).catch(() => null);
      if (figures && !closed) stream.write(`event: account\ndata: ${JSON.stringify(figures)}\n\n`);
    };
    const unsubscribe = app.accountEvents.subscribe(userId, () => void send());
    const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    openStreams.add(stream);
    request.raw.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(stream);
    });
    await send();
  }

  app.get(
    '/api/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user document',
        response: { 200: userDocument, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const document = await getUserDocument(app.db, signedInUser(request).id);
      // Refresh the display cookie the web app reads to know who is signed in.
      const { uid, email, name, displayName, photo } = document;
      reply.header('set-cookie', userCookie({ uid, email, name, displayName, photo }, secureCookies));
      return document;
    },
  );

  app.get(
    '/api/me/events',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Server-sent events: an "account" event with credits and balance whenever they change',
        response: { 401: errorBody },
      },
    },
    async (request, reply) => streamAccountFigures(request, reply, signedInUser(request).id),
  );

  app.get(
    '/api/sign-in-options',
    {
      schema: {
        tags: ['account'],
        summary: 'Which sign-in methods this installation offers',
        response: { 200: signInOptions },
      },
    },
    async () => offeredSignInMethods(app.config.auth, app.config.mail),
  );
};
