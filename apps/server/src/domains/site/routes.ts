import { errorBody } from '@sayso/contract/errors';
import { newsletterSignup, newsletterSubscribed, publicConfig } from '@sayso/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSessionGuard } from '../../http/staff-guard.js';
import { subscribe, subscribersCsv } from './newsletter.js';
import { publicSettings } from './service.js';

/**
 * What the browser may know about this installation: config.ts decides, and nothing secret is in
 * it; plus whether its voices are natural, so public copy promises only what this server offers.
 * Also the blog's newsletter: anyone may sign up, and staff export the list.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { tags: ['system'], summary: 'Public settings of this installation', response: { 200: publicConfig } } },
    async () => publicSettings(app.config.public, app.engines),
  );

  app.post(
    '/api/newsletter',
    {
      schema: {
        tags: ['system'],
        summary: 'Sign an email address up for new blog articles (signing up twice is harmless)',
        body: newsletterSignup,
        response: { 200: newsletterSubscribed, 400: errorBody },
      },
    },
    async (request) => {
      await subscribe(app.db, request.body.email);
      return { subscribed: true as const, email: request.body.email };
    },
  );

  app.get(
    '/api/admin/newsletter/subscribers.csv',
    {
      onRequest: adminSessionGuard(app.db),
      schema: {
        tags: ['admin'],
        summary: 'The newsletter subscribers as CSV (email, subscribed_at)',
        response: { 200: z.string(), 401: errorBody, 403: errorBody },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(await subscribersCsv(app.db)),
  );
};
