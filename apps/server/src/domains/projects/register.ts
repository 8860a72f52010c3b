import type { FastifyInstance } from 'fastify';
import { namedPlugin } from '../../http/named-plugin.js';
import { SPEECH_JOB_OPTIONS } from '../speech/index.js';
import { ProjectExports } from './exports.js';
import { projectRoutes } from './routes.js';
import { ProjectsService } from './service.js';

/** The projects service and its exports on this app's database, storage, engines and queue. */
export function projectsFor(app: FastifyInstance): { service: ProjectsService; exports: ProjectExports } {
  const service = new ProjectsService({
    db: app.db,
    engines: app.engines,
    jobs: app.jobs,
    storage: app.storage,
    logger: app.log,
    speechJobOptions: SPEECH_JOB_OPTIONS,
  });
  return { service, exports: new ProjectExports(service, app.storage) };
}

/** The projects routes. Renders are speech tasks: the speech worker runs them, nothing here. */
export async function registerProjects(app: FastifyInstance): Promise<void> {
  const { service, exports } = projectsFor(app);
  await app.register(namedPlugin('projectRoutes', projectRoutes(service, exports)));
}
