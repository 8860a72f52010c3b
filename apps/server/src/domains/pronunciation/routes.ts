import { errorBody } from '@sayso/contract/errors';
import {
  createDictionaryRequest,
  dictionaryParams,
  PLS_MAX_BYTES,
  pronunciationDictionary,
  pronunciationDictionaryList,
  replaceRulesRequest,
} from '@sayso/contract/pronunciation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../http/session-guard.js';
import { dictionaryView, type PronunciationService } from './service.js';

const errors = { '4xx': errorBody, '5xx': errorBody };
/** The web app shows every dictionary on one page; a user keeps far fewer than this. */
const WEB_PAGE_SIZE = 200;

const plsImport = z.object({
  name: z.string().trim().min(1, { error: 'name must not be empty' }).max(100),
  description: z.string().trim().max(1000).nullish(),
  /** The PLS document's text (the web app reads the chosen file). */
  pls: z
    .string()
    .min(1, { error: 'pls must not be empty' })
    .max(PLS_MAX_BYTES, { error: `a PLS file may be at most ${PLS_MAX_BYTES / 1024} KiB` }),
});

/** The pronunciation page's API (cookie session): dictionaries, their rules, PLS in and out. */
export const pronunciationRoutes =
  (service: PronunciationService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['pronunciation'];
    const onRequest = app.requireUser;
    const user = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).id;

    app.get(
      '/api/pronunciation/dictionaries',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Your pronunciation dictionaries',
          response: { 200: pronunciationDictionaryList, ...errors },
        },
      },
      async (request) => {
        const page = await service.list(user(request), { size: WEB_PAGE_SIZE });
        return { dictionaries: page.dictionaries.map(dictionaryView) };
      },
    );

    app.post(
      '/api/pronunciation/dictionaries',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A dictionary made from rules',
          body: createDictionaryRequest,
          response: { 201: pronunciationDictionary, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(dictionaryView(await service.create(user(request), request.body))),
    );

    app.post(
      '/api/pronunciation/dictionaries/import',
      {
        onRequest,
        bodyLimit: PLS_MAX_BYTES * 4,
        schema: {
          tags,
          summary: 'A dictionary made from a W3C PLS file',
          body: plsImport,
          response: { 201: pronunciationDictionary, ...errors },
        },
      },
      async (request, reply) => {
        const { name, description, pls } = request.body;
        const dictionary = await service.importPls(user(request), { name, description, file: pls });
        return reply.status(201).send(dictionaryView(dictionary));
      },
    );

    app.get(
      '/api/pronunciation/dictionaries/:dictionaryId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One dictionary',
          params: dictionaryParams,
          response: { 200: pronunciationDictionary, ...errors },
        },
      },
      async (request) => dictionaryView(await service.get(user(request), request.params.dictionaryId)),
    );

    app.put(
      '/api/pronunciation/dictionaries/:dictionaryId/rules',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Replace the rules (a new version)',
          params: dictionaryParams,
          body: replaceRulesRequest,
          response: { 200: pronunciationDictionary, ...errors },
        },
      },
      async (request) =>
        dictionaryView(await service.replaceRules(user(request), request.params.dictionaryId, request.body.rules)),
    );

    app.delete(
      '/api/pronunciation/dictionaries/:dictionaryId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Delete a dictionary',
          params: dictionaryParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.remove(user(request), request.params.dictionaryId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/pronunciation/dictionaries/:dictionaryId/pls',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The rules as a W3C PLS file',
          params: dictionaryParams,
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const { dictionaryId } = request.params;
        const pls = await service.exportPls(user(request), dictionaryId);
        return reply
          .header('content-type', 'application/pls+xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${dictionaryId}.pls"`)
          .send(pls);
      },
    );
  };
