import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const publicConfig = z.object({
  productName: z.string(),
  chatNumber: z.string().nullable(),
  supportEmail: z.string(),
});

/** What the browser may know about this installation. Nothing secret is ever added here. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { tags: ['system'], summary: 'Public settings of this installation', response: { 200: publicConfig } } },
    async () => app.config.public,
  );
};
