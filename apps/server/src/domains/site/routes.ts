import { publicConfig } from '@sayso/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettings } from './service.js';

/**
 * What the browser may know about this installation: config.ts decides, and nothing secret is in
 * it; plus whether its voices are natural, so public copy promises only what this server offers.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { tags: ['system'], summary: 'Public settings of this installation', response: { 200: publicConfig } } },
    async () => publicSettings(app.config.public, app.engines),
  );
};
