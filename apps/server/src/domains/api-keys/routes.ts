import { apiKeyCreate, apiKeyCreated, apiKeyList, apiKeyParams, signingSecret } from '@sayso/contract/api-keys';
import { errorBody } from '@sayso/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../http/session-guard.js';
import type { ApiKeyService } from './service.js';

const errors = { '4xx': errorBody };

/** The web app's API keys page: a signed-in user manages their own keys (cookie session only). */
export const apiKeyRoutes =
  (keys: ApiKeyService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['api keys'];

    app.get(
      '/api/api-keys',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'Your API keys', response: { 200: apiKeyList, ...errors } },
      },
      async (request) => ({ keys: await keys.list(signedInUser(request).id) }),
    );

    app.post(
      '/api/api-keys',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Create an API key (its secret is shown in this answer only)',
          body: apiKeyCreate,
          response: { 200: apiKeyCreated, ...errors },
        },
      },
      async (request) => keys.create(signedInUser(request).id, request.body),
    );

    app.delete(
      '/api/api-keys/:id',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Revoke an API key: it stops working at once',
          params: apiKeyParams,
          response: { 200: z.object({ success: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        await keys.revoke(signedInUser(request).id, request.params.id);
        return { success: true as const };
      },
    );

    app.get(
      '/api/api-keys/signing-secret',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The secret that signs your completion callbacks',
          response: { 200: signingSecret, ...errors },
        },
      },
      async (request) => ({ secret: await keys.signingSecret(signedInUser(request).id) }),
    );
  };
