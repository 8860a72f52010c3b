import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREDIT_PACKS } from './credit-packs.js';
import { purchasePack } from './purchases.js';

const purchaseResult = z.object({
  purchaseId: z.string(),
  packId: z.string(),
  credits: z.number().int(),
  price: z.number(),
  currency: z.string(),
  balance: z.number(),
  creditsAfter: z.number().int(),
});
const errorBody = z.object({ error: z.string() });

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

  app.post(
    '/api/purchases',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['pricing'],
        summary: 'Buy a credit pack with the money balance (idempotent per key)',
        body: z.object({
          packId: z.string().min(1, 'Choose a credit pack'),
          idempotencyKey: z.string().min(8, 'A purchase key is required').max(100),
        }),
        response: { 200: purchaseResult, 401: errorBody, 402: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new Error('requireUser let a request through without a user');
      return purchasePack(app.db, user.id, request.body.packId, request.body.idempotencyKey);
    },
  );
};
