import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { version } from '../../version.js';

const componentStatus = z.object({ status: z.enum(['up', 'down']), detail: z.string().optional() });

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: componentStatus.extend({ kind: z.enum(['pglite', 'postgres']) }),
  queue: componentStatus,
  storage: componentStatus,
  engines: z.array(componentStatus.extend({ id: z.string(), serves: z.array(z.enum(['A', 'B'])) })),
});

async function probe(check: () => Promise<unknown>): Promise<z.infer<typeof componentStatus>> {
  try {
    await check();
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Status of the database, job queue, storage and speech engines',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const [database, queue, storage, engines] = await Promise.all([
        probe(() => sql`SELECT 1`.execute(app.db)),
        probe(async () => {
          if (!(await app.jobs.isHealthy())) throw new Error('job schema is not installed');
        }),
        probe(() => app.storage.isHealthy()),
        app.engines.reports(),
      ]);
      const up = [database, queue, storage].every((c) => c.status === 'up');
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        version,
        database: { ...database, kind: app.databaseKind },
        queue,
        storage,
        engines,
      });
    },
  );
};
