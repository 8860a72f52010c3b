import type { FastifyInstance } from 'fastify';
import { namedPlugin } from '../../http/named-plugin.js';
import { SPEECH_JOB_OPTIONS } from '../speech/index.js';
import { ProjectExports } from './exports.js';
import { projectRoutes } from './routes.js';
import { ProjectsService } from './service.js';

/** The projects routes. Renders are speech tasks: the speech worker runs them, nothing here. */
export async function registerProjects(app: FastifyInstance): Promise<void> {
  const service = new ProjectsService({
    db: app.db,
    engines: app.engines,
    jobs: app.jobs,
    storage: app.storage,
    logger: app.log,
    speechJobOptions: SPEECH_JOB_OPTIONS,
  });
  await app.register(namedPlugin('projectRoutes', projectRoutes(service, new ProjectExports(service, app.storage))));
}
