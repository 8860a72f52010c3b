import { errorBody } from '@sayso/contract/errors';
import { healthReport, healthStatus } from '@sayso/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionGuard } from '../../http/staff-guard.js';
import { ModelService } from '../models/index.js';
import { checkHealth, staffHealthReport } from './service.js';

/**
 * Two views of one check: /api/health tells anyone (load balancers, uptime probes) whether the
 * installation is up, and nothing else; /api/admin/health gives staff every component and why it
 * is down. The staff route sits under /api/admin because that is the admin cookie's path.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the model manager's list of installed models is read here.
  const models = new ModelService(app.config.models, {}, () => app.engines.reports());

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the installation is up: 200 ok or 503 degraded, with no details',
        response: { 200: healthStatus, 503: healthStatus },
      },
    },
    async (_request, reply) => {
      const { status } = await checkHealth(app);
      return reply.status(status === 'ok' ? 200 : 503).send({ status });
    },
  );

  app.get(
    '/api/admin/health',
    {
      onRequest: adminSessionGuard(app.db),
      schema: {
        tags: ['admin'],
        summary:
          'Status of the database, job queue, storage and speech engines, with reasons; queue depth, models, versions, uptime and memory (staff only)',
        response: { 200: healthReport, 401: errorBody },
      },
    },
    async () => staffHealthReport(app, { installedModels: () => models.installed() }),
  );
};
