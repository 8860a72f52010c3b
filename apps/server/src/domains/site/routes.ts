import { publicConfig } from '@sayso/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the browser may know about this installation: config.ts decides, and nothing secret is in it. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { tags: ['system'], summary: 'Public settings of this installation', response: { 200: publicConfig } } },
    async () => app.config.public,
  );
};
