import {
  audioExportParams,
  chapterExportParams,
  createProjectRequest,
  exportQuery,
  PROJECT_MAX_CHARACTERS,
  projectDetail,
  projectParams,
  projectProgress,
  renderScope,
  renderStarted,
} from '@sayso/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../db/unit-of-work.js';
import { AppError } from '../../http/errors.js';
import {
  addMonthCharactersIn,
  type ApiKeyService,
  type ApiPrincipal,
  refundMonthCharactersIn,
} from '../api-keys/index.js';
import { type ProjectExports, type ProjectsService, sendExport } from '../projects/index.js';
import { useElevenLabsErrors } from './elevenlabs/errors.js';
import { ERRORS } from './elevenlabs/schemas.js';
import { apiKeyGuard, principalWith, xiApiKey } from './principal.js';

export interface ApiProjectDeps {
  keys: ApiKeyService;
  projects: ProjectsService;
  exports: ProjectExports;
}

/**
 * A project's render through a key: its characters count against the key's month before any block
 * is queued (a key past its cap renders nothing), and are given back if the render is refused.
 */
async function renderWithKey(
  deps: ApiProjectDeps,
  principal: ApiPrincipal,
  projectId: string,
  scope: Parameters<ProjectsService['render']>[2],
) {
  const { characters } = await deps.projects.estimate(principal.userId, projectId, scope);
  const countedAt = new Date();
  await inTransaction(deps.projects.database, async (trx) => {
    const used = await addMonthCharactersIn(trx, principal.keyId, characters);
    if (principal.monthlyCharacterCap !== null && used > principal.monthlyCharacterCap) {
      throw new AppError('KEY_CAP_REACHED');
    }
  });
  try {
    return await deps.projects.render(principal.userId, projectId, scope);
  } catch (error) {
    await inTransaction(deps.projects.database, (trx) =>
      refundMonthCharactersIn(trx, principal.keyId, characters, countedAt),
    );
    throw error;
  }
}

/**
 * Projects through an API key (`xi-api-key`, scope `speech`), in Sayso's own shapes (the same as
 * the web app's `/api/projects`): create from text, read, render, poll progress, download exports.
 */
export const apiProjectRoutes =
  (deps: ApiProjectDeps): FastifyPluginAsyncZod =>
  async (app) => {
    useElevenLabsErrors(app);
    const preValidation = apiKeyGuard(deps.keys, xiApiKey);
    const tags = ['projects (API key)'];
    const userOf = (request: Parameters<typeof principalWith>[0]) => principalWith(request, 'speech').userId;

    app.post(
      '/',
      {
        preValidation,
        bodyLimit: PROJECT_MAX_CHARACTERS * 4 + 64 * 1024,
        schema: {
          tags,
          summary: 'Create a project from text',
          body: createProjectRequest,
          response: { 201: projectDetail, ...ERRORS },
        },
      },
      async (request, reply) => reply.status(201).send(await deps.projects.create(userOf(request), request.body)),
    );

    app.get(
      '/:projectId',
      {
        preValidation,
        schema: { tags, summary: 'A project', params: projectParams, response: { 200: projectDetail, ...ERRORS } },
      },
      async (request) => deps.projects.detail(userOf(request), request.params.projectId),
    );

    app.post(
      '/:projectId/render',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Render the blocks that changed (project, chapter or block)',
          params: projectParams,
          body: renderScope,
          response: { 202: renderStarted, ...ERRORS },
        },
      },
      async (request, reply) => {
        const principal = principalWith(request, 'speech');
        return reply.status(202).send(await renderWithKey(deps, principal, request.params.projectId, request.body));
      },
    );

    app.get(
      '/:projectId/progress',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Render progress per chapter',
          params: projectParams,
          response: { 200: projectProgress, ...ERRORS },
        },
      },
      async (request) => deps.projects.progress(userOf(request), request.params.projectId),
    );

    app.get(
      '/:projectId/export/:format',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Export: zip, mp3, wav or flac',
          params: audioExportParams,
          querystring: exportQuery,
          response: ERRORS,
        },
      },
      async (request, reply) => {
        const { projectId, format } = request.params;
        const file = await deps.exports.audio(userOf(request), projectId, format, request.query);
        return sendExport(reply, file);
      },
    );

    app.get(
      '/:projectId/chapters/:chapterId/subtitles.:format',
      {
        preValidation,
        schema: { tags, summary: "A chapter's subtitles (srt or vtt)", params: chapterExportParams, response: ERRORS },
      },
      async (request, reply) => {
        const { projectId, chapterId, format } = request.params;
        const file = await deps.exports.subtitles(userOf(request), projectId, chapterId, format);
        return sendExport(reply, file);
      },
    );
  };
