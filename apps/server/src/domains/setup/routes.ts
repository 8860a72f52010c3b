import { errorBody } from '@sayso/contract/errors';
import { setupChecklist as setupChecklistSchema } from '@sayso/contract/setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionGuard } from '../../http/staff-guard.js';
import { ModelService } from '../models/index.js';
import { setupChecklist } from './service.js';

const errors = { '4xx': errorBody, '5xx': errorBody };

/** The admin panel's first-run checklist: what is still missing before this server sells speech. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireAdmin = adminSessionGuard(app.db);
  // Only the model manager's list is read here; installing stays on the Models page's routes.
  const models = new ModelService(app.config.models, {}, () => app.engines.reports());

  app.get(
    '/api/admin/setup',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The first-run setup checklist: each item done, to do, or optional, with what to do',
        response: { 200: setupChecklistSchema, ...errors },
      },
    },
    async () => setupChecklist({ config: app.config, engines: app.engines, listModels: () => models.list() }),
  );
};
