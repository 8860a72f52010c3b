import { errorBody } from '@sayso/contract/errors';
import { creditPackList, purchaseRequest, purchaseResult } from '@sayso/contract/pricing';
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../http/session-guard.js';
import { listCreditPacks, purchasePack } from './service.js';

export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The catalogue never changes while the process runs: checked against its contract schema and
  // serialised once, at start-up (a catalogue that drifted from the schema stops the app booting).
  const creditPacksJson = JSON.stringify(creditPackList.parse({ packs: listCreditPacks() }));

  // Without the zod type provider, so the handler may send the already serialised JSON text.
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    '/api/credit-packs',
    {
      schema: {
        tags: ['pricing'],
        summary: 'The credit packs on sale',
        response: { 200: creditPackList },
      },
    },
    // A JSON string is sent as it is, without the per-request schema check and serialisation.
    (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .send(creditPacksJson),
  );

  app.post(
    '/api/purchases',
    {
      onRequest: app.requireUser,
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
