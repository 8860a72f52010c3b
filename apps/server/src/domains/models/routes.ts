import fastifyMultipart from '@fastify/multipart';
import { errorBody } from '@sayso/contract/errors';
import { installedModel, modelList, modelParams } from '@sayso/contract/models';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cleanLeftovers } from '../../models/installer.js';
import { adminSessionGuard } from '../admin/routes.js';
import { type ModelHooks, ModelService } from './service.js';
import { withUploadedArchive } from './upload.js';

const errors = { '4xx': errorBody, '5xx': errorBody };

/**
 * The model manager for staff: the catalogue, the models installed on this machine, installing
 * from an uploaded archive and removing. Installing by name downloads for minutes, so it is the
 * CLI's job (`npm run models -- install NAME`), not a request's.
 */
export function modelRoutes(hooks: ModelHooks = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const { models: config } = app.config;
    await app.register(fastifyMultipart, { limits: { fileSize: config.uploadLimitBytes, files: 1 } });
    // An install or removal that a stop interrupted left only staging files: nothing half-installed.
    await cleanLeftovers({ modelsDir: config.dir });
    const models = new ModelService(config, hooks, () => app.engines.reports());
    const requireAdmin = adminSessionGuard(app.db);

    app.get(
      '/api/admin/models',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'The model catalogue and the models installed on this machine, with licence warnings',
          response: { 200: modelList, ...errors },
        },
      },
      async () => models.list(),
    );

    app.post(
      '/api/admin/models',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Install a model from an uploaded archive (multipart field "archive": .tar.bz2, .tar.gz or .onnx)',
          response: { 200: installedModel, ...errors },
        },
      },
      async (request) => {
        const options = { modelsDir: config.dir, limitBytes: config.uploadLimitBytes };
        const installed = await withUploadedArchive(request, options, (archivePath, fileName) =>
          models.installUpload(archivePath, fileName),
        );
        request.log.info({ model: installed.name, admin: request.admin?.username }, 'model installed');
        return installed;
      },
    );

    app.delete(
      '/api/admin/models/:name',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Remove an installed model',
          params: modelParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await models.remove(request.params.name);
        request.log.info({ model: request.params.name, admin: request.admin?.username }, 'model removed');
        return reply.status(204).send(null);
      },
    );
  };
}
