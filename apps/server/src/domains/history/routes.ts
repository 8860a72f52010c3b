import { errorBody } from '@sayso/contract/errors';
import {
  historyDownloadParams,
  historyItemDetail,
  historyItemParams,
  historyPage,
  historyQuery,
  regeneratedSentence,
  regenerateSentenceRequest,
  sentenceParams,
  takeParams,
  timeline,
} from '@sayso/contract/history';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../http/session-guard.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { redirectToStorage, sendRanged } from '../speech/index.js';
import type { HistoryFile, HistoryService } from './service.js';

const errors = { '4xx': errorBody, '5xx': errorBody };

/** The signed-in user's generations: list, files, deletion and the sentence timeline (cookie session). */
export const historyRoutes =
  (history: HistoryService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['history'];
    const onRequest = app.requireUser;

    app.get(
      '/api/history',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Your generations, newest first, with search, filters and pages',
          querystring: historyQuery,
          response: { 200: historyPage, ...errors },
        },
      },
      async (request) => history.list(signedInUser(request).id, request.query),
    );

    app.get(
      '/api/history/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One generation, with its whole text',
          params: historyItemParams,
          response: { 200: historyItemDetail, ...errors },
        },
      },
      async (request) => history.item(signedInUser(request).id, request.params.id),
    );

    app.delete(
      '/api/history/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Delete a finished generation and its files (the ledger keeps its entries)',
          params: historyItemParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await history.remove(signedInUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/history/:id/audio.mp3',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Play a generation (audio/mpeg, ranges)',
          params: historyItemParams,
          response: errors,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          app.storage,
          await history.file(signedInUser(request).id, request.params.id, 'play'),
          request.headers.range,
        ),
    );

    app.get(
      '/api/history/:id/download/:format',
      {
        onRequest,
        schema: { tags, summary: 'Download as MP3, SRT or WebVTT', params: historyDownloadParams, response: errors },
      },
      async (request, reply) => {
        const { id, format } = request.params;
        return sendFile(
          reply,
          app.storage,
          await history.file(signedInUser(request).id, id, format),
          request.headers.range,
        );
      },
    );

    app.get(
      '/api/history/:id/timeline',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A generation’s sentences, their start times and takes',
          params: historyItemParams,
          response: { 200: timeline, ...errors },
        },
      },
      async (request) => history.timeline(signedInUser(request).id, request.params.id),
    );

    app.get(
      '/api/history/:id/takes/:takeId/audio.mp3',
      {
        onRequest,
        schema: { tags, summary: 'Play one take of one sentence (audio/mpeg)', params: takeParams, response: errors },
      },
      async (request, reply) => {
        const { id, takeId } = request.params;
        return sendFile(
          reply,
          app.storage,
          await history.takeAudio(signedInUser(request).id, id, takeId),
          request.headers.range,
        );
      },
    );

    app.post(
      '/api/history/:id/sentences/:position/takes',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Regenerate one sentence (edited text, or another take), charged by its characters',
          params: sentenceParams,
          body: regenerateSentenceRequest,
          response: { 200: regeneratedSentence, ...errors },
        },
      },
      async (request) => {
        const { id, position } = request.params;
        return history.regenerate(signedInUser(request).id, id, position, request.body);
      },
    );

    app.post(
      '/api/history/:id/takes/:takeId/choose',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Use this take in the joined audio; the sentence’s other takes are let go',
          params: takeParams,
          response: { 200: timeline, ...errors },
        },
      },
      async (request) => history.chooseTake(signedInUser(request).id, request.params.id, request.params.takeId),
    );
  };

/** A history file, whole or the one byte range asked for (or a redirect to the bucket); private to its owner's browser. */
async function sendFile(reply: FastifyReply, storage: FileStorage, file: HistoryFile, rangeHeader: string | undefined) {
  const contentDisposition = `${file.download ? 'attachment' : 'inline'}; filename="${file.fileName}"`;
  if (await redirectToStorage(reply, storage, file.key, { contentType: file.contentType, contentDisposition })) {
    return reply;
  }
  reply.header('cache-control', 'private, no-cache');
  reply.type(file.contentType);
  reply.header('content-disposition', contentDisposition);
  return sendRanged(reply, file, rangeHeader);
}
