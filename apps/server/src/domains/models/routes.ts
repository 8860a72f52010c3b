import fastifyMultipart from '@fastify/multipart';
import { errorBody } from '@sayso/contract/errors';
import {
  installedModel,
  installJob,
  modelList,
  modelParams,
  recommendedQuery,
  recommendedRequest,
  recommendedSet,
} from '@sayso/contract/models';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSessionGuard } from '../../http/staff-guard.js';
import { cleanLeftovers } from '../../models/installer.js';
import { type ModelHooks, ModelService } from './service.js';
import { withUploadedArchive } from './upload.js';

const errors = { '4xx': errorBody, '5xx': errorBody };

/**
 * The model manager for staff: the catalogue, the models installed on this machine, installing by
 * name or from an uploaded archive, and removing. An install by name downloads for minutes, so the
 * request only starts a job; GET /api/admin/models reports every job until it ends.
 */
export function modelRoutes(hooks: ModelHooks = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const { models: config } = app.config;
    await app.register(fastifyMultipart, { limits: { fileSize: config.uploadLimitBytes, files: 2 } });
    // An install or removal that a stop interrupted left only staging files: nothing half-installed.
    await cleanLeftovers({ modelsDir: config.dir });
    const jobLog = app.log.child({ component: 'model-installs' });
    const models = new ModelService(config, hooks, () => app.engines.reports(), jobLog);
    const requireAdmin = adminSessionGuard(app.db);
    const staffName = (request: FastifyRequest) => request.admin?.username ?? 'staff';

    // MODELS_PRELOAD: queued once the app is ready, so the server listens while the downloads run.
    app.addHook('onReady', async () => {
      if (config.preload.length === 0) return;
      const queued = await models.preload(config.preload);
      jobLog.info(
        { models: queued.map((job) => job.name) },
        'MODELS_PRELOAD: installing missing models in the background',
      );
    });
    app.addHook('onClose', () => models.jobs.stop());

    app.get(
      '/api/admin/models',
      {
        onRequest: requireAdmin,
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
        onRequest: requireAdmin,
        schema: {
          tags: ['admin'],
          summary:
            'Install a model from an uploaded archive (multipart field "archive": .tar.bz2, .tar.gz or .onnx; optional "vocoder": a separately published .onnx part such as ZipVoice\'s vocos_24khz.onnx)',
          response: { 200: installedModel, ...errors },
        },
      },
      async (request) => {
        const options = { modelsDir: config.dir, limitBytes: config.uploadLimitBytes };
        const installed = await withUploadedArchive(request, options, (archivePath, fileName, extraFiles) =>
          models.installUpload(archivePath, fileName, extraFiles),
        );
        request.log.info({ model: installed.name, admin: request.admin?.username }, 'model installed');
        return installed;
      },
    );

    app.post(
      '/api/admin/models/:name/install',
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Start installing a catalogue model by name: downloads, unpacks, verifies and reloads the engines',
          params: modelParams,
          response: { 202: installJob, ...errors },
        },
      },
      async (request, reply) => {
        const job = await models.startInstall(request.params.name, staffName(request));
        return reply.status(202).send(job);
      },
    );

    app.delete(
      '/api/admin/models/:name/install',
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Cancel a running install (its files are removed), or dismiss a finished one',
          params: modelParams,
          response: { 200: installJob, ...errors },
        },
      },
      async (request) => {
        const job = await models.cancelInstall(request.params.name);
        request.log.info({ model: job.name, state: job.state, admin: staffName(request) }, 'model install cancelled');
        return job;
      },
    );

    app.get(
      '/api/admin/models/recommended',
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'The models that give natural voices for the languages (comma-separated), without installing',
          querystring: recommendedQuery,
          response: { 200: recommendedSet, ...errors },
        },
      },
      async (request) => models.recommended(request.query.languages, { cloning: request.query.cloning }),
    );

    app.post(
      '/api/admin/models/recommended',
      {
        onRequest: requireAdmin,
        schema: {
          tags: ['admin'],
          summary:
            'Install the recommended voices for the languages: Kokoro, Piper voices, the denoiser, and Pocket TTS if asked',
          body: recommendedRequest,
          response: { 202: recommendedSet, ...errors },
        },
      },
      async (request, reply) => {
        const set = await models.recommended(request.body.languages, {
          cloning: request.body.cloning,
          install: { requestedBy: staffName(request) },
        });
        return reply.status(202).send(set);
      },
    );

    app.delete(
      '/api/admin/models/:name',
      {
        onRequest: requireAdmin,
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
