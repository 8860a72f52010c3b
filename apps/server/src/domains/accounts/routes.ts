import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userCookie } from '../auth/user-cookie.js';
import { getAccountSnapshot, getUserDocument } from './service.js';

const balanceEntry = z.object({
  amount: z.number(),
  previousBalance: z.number(),
  newBalance: z.number(),
  addedBy: z.string().optional(),
  reason: z.string().optional(),
  timestamp: z.string(),
  type: z.enum(['credit', 'debit']),
});

const userDocument = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  credits: z.number(),
  totalCreditsUsed: z.number(),
  balance: z.number(),
  currency: z.string(),
  balanceHistory: z.array(balanceEntry),
  createdAt: z.string(),
  lastUpdated: z.string(),
});

const errorBody = z.object({ error: z.string() });

const HEARTBEAT_MS = 25_000;

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Live streams never end by themselves; a shutdown ends them so the server can close.
  const openStreams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });
  const secureCookies = app.config.publicUrl.startsWith('https://');

  app.get(
    '/api/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user document',
        response: { 200: userDocument, 401: errorBody },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw new Error('requireUser let a request through without a user');
      const document = await getUserDocument(app.db, user.id);
      // Refresh the display cookie the web app reads to know who is signed in.
      reply.header(
        'set-cookie',
        userCookie(
          {
            uid: document.uid,
            email: document.email,
            name: document.name,
            displayName: document.displayName,
            photo: document.photo,
          },
          secureCookies,
        ),
      );
      return document;
    },
  );

  app.get(
    '/api/me/events',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Server-sent events: an "account" event with credits and balance whenever they change',
        response: { 401: errorBody },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw new Error('requireUser let a request through without a user');
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let closed = false;
      const send = async () => {
        const snapshot = await getAccountSnapshot(app.db, user.id).catch(() => null);
        if (snapshot && !closed) stream.write(`event: account\ndata: ${JSON.stringify(snapshot)}\n\n`);
      };
      const unsubscribe = app.accountEvents.subscribe(user.id, () => void send());
      const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
      openStreams.add(stream);
      request.raw.on('close', () => {
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(stream);
      });
      await send();
    },
  );

  app.get(
    '/api/sign-in-options',
    {
      schema: {
        tags: ['account'],
        summary: 'Which sign-in methods this installation offers',
        response: {
          200: z.object({ local: z.boolean(), google: z.boolean(), oidc: z.object({ name: z.string() }).nullable() }),
        },
      },
    },
    async () => ({
      local: app.config.auth.localAccounts,
      google: app.config.auth.google !== null,
      oidc: app.config.auth.oidc ? { name: app.config.auth.oidc.name } : null,
    }),
  );
};
