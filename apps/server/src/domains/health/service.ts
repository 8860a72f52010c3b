import type { ComponentStatus, HealthReport } from '@sayso/contract/site';
import type { FastifyInstance } from 'fastify';
import { version } from '../../version.js';
import { pingDatabase } from './repository.js';

/** What the health check reads: the app's services, each probed on every call. */
type HealthSources = Pick<FastifyInstance, 'db' | 'databaseKind' | 'jobs' | 'storage' | 'engines'>;

async function probe(check: () => Promise<unknown>): Promise<ComponentStatus> {
  try {
    await check();
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Probes the database, the job queue, storage and the speech engines. The installation is 'ok'
 * when the first three are up; an engine that is down has a fallback, so it only shows in its report.
 */
export async function checkHealth(sources: HealthSources): Promise<HealthReport> {
  const [database, queue, storage, engines] = await Promise.all([
    probe(() => pingDatabase(sources.db)),
    probe(async () => {
      if (!(await sources.jobs.isHealthy())) throw new Error('job schema is not installed');
    }),
    probe(() => sources.storage.isHealthy()),
    sources.engines.reports(),
  ]);
  const up = [database, queue, storage].every((c) => c.status === 'up');
  return {
    status: up ? 'ok' : 'degraded',
    version,
    database: { ...database, kind: sources.databaseKind },
    queue,
    storage,
    engines,
  };
}
