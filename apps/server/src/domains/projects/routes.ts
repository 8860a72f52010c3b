import fastifyMultipart from '@fastify/multipart';
import { errorBody } from '@sayso/contract/errors';
import {
  acxReport,
  audioExportParams,
  blockParams,
  castSpeakerRequest,
  chapterExportParams,
  chapterParams,
  createProjectRequest,
  editBlockRequest,
  exportQuery,
  PROJECT_MAX_IMPORT_BYTES,
  projectDetail,
  projectList,
  projectParams,
  projectProgress,
  renameChapterRequest,
  renderEstimate,
  renderScope,
  renderStarted,
  reorderChaptersRequest,
  splitChapterRequest,
  updateProjectRequest,
} from '@sayso/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../http/session-guard.js';
import type { ProjectExports } from './exports.js';
import { readImportForm } from './import-form.js';
import { sendExport } from './send-export.js';
import type { ProjectsService } from './service.js';

const errors = { '4xx': errorBody, '5xx': errorBody };
/** Pasted text of up to 2,000,000 characters, at up to four bytes each in JSON. */
const PASTED_TEXT_BODY_LIMIT = 9 * 1024 * 1024;

/** The projects editor's API (cookie session): projects, chapters, blocks, cast, renders, exports. */
export const projectRoutes =
  (projects: ProjectsService, exports: ProjectExports): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: PROJECT_MAX_IMPORT_BYTES, files: 1, fields: 5 } });
    const tags = ['projects'];
    const onRequest = app.requireUser;
    const user = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).id;

    app.get(
      '/api/projects',
      { onRequest, schema: { tags, summary: 'Your projects', response: { 200: projectList, ...errors } } },
      async (request) => ({ projects: await projects.list(user(request)) }),
    );

    app.post(
      '/api/projects',
      {
        onRequest,
        bodyLimit: PASTED_TEXT_BODY_LIMIT,
        schema: {
          tags,
          summary: 'A blank project, or one made from pasted text (txt or md)',
          body: createProjectRequest,
          response: { 201: projectDetail, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await projects.create(user(request), request.body)),
    );

    app.post(
      '/api/projects/import',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A project from a file (multipart: file, narrator_voice_id, optional title): txt, md, epub, docx',
          response: { 201: projectDetail, ...errors },
        },
      },
      async (request, reply) => {
        const form = await readImportForm(request);
        const created = await projects.importFile(user(request), form.file, form.narratorVoiceId, form.title);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/projects/:projectId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A project: chapters, blocks, speakers and cast',
          params: projectParams,
          response: { 200: projectDetail, ...errors },
        },
      },
      async (request) => projects.detail(user(request), request.params.projectId),
    );

    app.patch(
      '/api/projects/:projectId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Rename, set the author, narrator voice or pauses',
          params: projectParams,
          body: updateProjectRequest,
          response: { 200: projectDetail, ...errors },
        },
      },
      async (request) => projects.update(user(request), request.params.projectId, request.body),
    );

    app.post(
      '/api/projects/:projectId/duplicate',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A copy of the project',
          params: projectParams,
          response: { 201: projectDetail, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await projects.duplicate(user(request), request.params.projectId)),
    );

    app.delete(
      '/api/projects/:projectId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Delete the project, its renders and files',
          params: projectParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await projects.remove(user(request), request.params.projectId);
        return reply.status(204).send(null);
      },
    );

    app.patch(
      '/api/projects/:projectId/blocks/:blockId',
      {
        onRequest,
        schema: {
          tags,
          summary: "Edit a block's text, voice, speed or speaker",
          params: blockParams,
          body: editBlockRequest,
          response: { 200: projectDetail, ...errors },
        },
      },
      async (request) =>
        projects.editBlock(user(request), request.params.projectId, request.params.blockId, request.body),
    );

    app.post(
      '/api/projects/:projectId/chapters/:chapterId/split',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Split a chapter before one of its blocks',
          params: chapterParams,
          body: splitChapterRequest,
          response: { 200: projectDetail, ...errors },
        },
      },
      async (request) => {
        const { projectId, chapterId } = request.params;
        return projects.splitChapter(
          user(request),
          projectId,
          chapterId,
          request.body.before_block_id,
          request.body.title,
        );
      },
    );

    app.post(
      '/api/projects/:projectId/chapters/:chapterId/merge',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Merge the next chapter into this one',
          params: chapterParams,
          response: { 200: projectDetail, ...errors },
        },
      },
      async (request) => projects.mergeChapter(user(request), request.params.projectId, request.params.chapterId),
    );

    app.patch(
      '/api/projects/:projectId/chapters/:chapterId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Rename a chapter',
          params: chapterParams,
          body: renameChapterRequest,
          response: { 200: projectDetail, ...errors },
        },
      },
      async (request) => {
        const { projectId, chapterId } = request.params;
        return projects.renameChapter(user(request), projectId, chapterId, request.body.title);
      },
    );

    app.put(
      '/api/projects/:projectId/chapters/order',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Reorder the chapters',
          params: projectParams,
          body: reorderChaptersRequest,
          response: { 200: projectDetail, ...errors },
        },
      },
      async (request) => projects.reorderChapters(user(request), request.params.projectId, request.body.chapter_ids),
    );

    app.put(
      '/api/projects/:projectId/cast',
      {
        onRequest,
        schema: {
          tags,
          summary: "Cast a speaker: their voice is applied to all their lines (null: the narrator's)",
          params: projectParams,
          body: castSpeakerRequest,
          response: { 200: projectDetail, ...errors },
        },
      },
      async (request) =>
        projects.castSpeaker(user(request), request.params.projectId, request.body.name, request.body.voice_id),
    );

    app.post(
      '/api/projects/:projectId/estimate',
      {
        onRequest,
        schema: {
          tags,
          summary: 'What a render would cost now (credits = characters of the blocks that changed)',
          params: projectParams,
          body: renderScope,
          response: { 200: renderEstimate, ...errors },
        },
      },
      async (request) => projects.estimate(user(request), request.params.projectId, request.body),
    );

    app.post(
      '/api/projects/:projectId/render',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Render a block, a chapter or the project: only blocks that changed are rendered',
          params: projectParams,
          body: renderScope,
          response: { 202: renderStarted, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await projects.render(user(request), request.params.projectId, request.body)),
    );

    app.get(
      '/api/projects/:projectId/progress',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Render progress per chapter (done and total blocks, failed blocks with their error code)',
          params: projectParams,
          response: { 200: projectProgress, ...errors },
        },
      },
      async (request) => projects.progress(user(request), request.params.projectId),
    );

    app.get(
      '/api/projects/:projectId/export/:format',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Export: zip (an MP3 per chapter), mp3 (one file with chapters), wav or flac',
          params: audioExportParams,
          querystring: exportQuery,
          response: errors,
        },
      },
      async (request, reply) => {
        const file = await exports.audio(user(request), request.params.projectId, request.params.format, request.query);
        return sendExport(reply, file);
      },
    );

    app.get(
      '/api/projects/:projectId/chapters/:chapterId/subtitles.:format',
      {
        onRequest,
        schema: { tags, summary: "A chapter's subtitles (srt or vtt)", params: chapterExportParams, response: errors },
      },
      async (request, reply) => {
        const { projectId, chapterId, format } = request.params;
        const file = await exports.subtitles(user(request), projectId, chapterId, format);
        return sendExport(reply, file);
      },
    );

    app.get(
      '/api/projects/:projectId/acx',
      {
        onRequest,
        schema: {
          tags,
          summary: "Each chapter measured against ACX's requirements (mastered=true: as the mastered export)",
          params: projectParams,
          querystring: exportQuery,
          response: { 200: acxReport, ...errors },
        },
      },
      async (request) => exports.acx(user(request), request.params.projectId, request.query.mastered),
    );
  };
