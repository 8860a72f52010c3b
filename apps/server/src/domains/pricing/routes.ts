import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREDIT_PACKS } from './credit-packs.js';

const creditPack = z.object({
  id: z.string(),
  credits: z.number().int(),
  price: z.number(),
  currency: z.literal('PKR'),
  features: z.array(z.string()),
});

export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/credit-packs',
    {
      schema: {
        tags: ['pricing'],
        summary: 'The credit packs on sale',
        response: { 200: z.object({ packs: z.array(creditPack) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { packs: CREDIT_PACKS.map((p) => ({ ...p, features: [...p.features] })) };
    },
  );
};
