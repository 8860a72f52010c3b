import { healthReport } from '@sayso/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth } from './service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Status of the database, job queue, storage and speech engines',
        response: { 200: healthReport, 503: healthReport },
      },
    },
    async (_request, reply) => {
      const report = await checkHealth(app);
      return reply.status(report.status === 'ok' ? 200 : 503).send(report);
    },
  );
};
