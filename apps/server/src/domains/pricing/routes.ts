import { errorBody } from '@sayso/contract/errors';
import { creditPackList, purchaseRequest, purchaseResult } from '@sayso/contract/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../auth/session-guard.js';
import { listCreditPacks, purchasePack } from './service.js';

export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/credit-packs',
    {
      schema: {
        tags: ['pricing'],
        summary: 'The credit packs on sale',
        response: { 200: creditPackList },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { packs: listCreditPacks() };
    },
  );

  app.post(
    '/api/purchases',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['pricing'],
        summary: 'Buy a credit pack with the money balance (idempotent per key)',
        body: purchaseRequest,
        response: {
          200: purchaseResult,
          400: errorBody,
          401: errorBody,
          402: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const { packId, idempotencyKey } = request.body;
      return purchasePack(app.db, signedInUser(request).id, packId, idempotencyKey);
    },
  );
};
