import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { errorBody } from '@sayso/contract/errors';
import { clonedVoiceCreated, clonedVoiceList, clonedVoiceParams, voiceDeleted } from '@sayso/contract/voices';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLONE_FORM_LIMITS, readCloneForm } from './clone-form.js';
import { VoiceService } from './service.js';

const errors = { '4xx': errorBody };

/** Cloned voices: create from a sample, list, hear the preview, delete. */
export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: CLONE_FORM_LIMITS });
  const voices = new VoiceService({ db: app.db, engines: app.engines, storage: app.storage, logger: app.log });

  app.post(
    '/api/voice/clone',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['voices'],
        summary: 'Clone a voice from a 10 s - 5 min sample (multipart form)',
        response: { 200: clonedVoiceCreated, ...errors, '5xx': errorBody },
      },
    },
    async (request) => {
      const userId = signedInUser(request);
      await voices.checkRoomForVoice(userId);
      return voices.cloneVoice(userId, await readCloneForm(request));
    },
  );

  app.get(
    '/api/voice/cloned',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['voices'],
        summary: 'The caller’s cloned voices, newest first',
        response: { 200: clonedVoiceList, ...errors },
      },
    },
    async (request) => ({ voices: await voices.listVoices(signedInUser(request)) }),
  );

  app.get(
    '/api/voice/:id/sample.mp3',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['voices'],
        summary: 'A cloned voice’s spoken preview (audio/mpeg)',
        params: clonedVoiceParams,
        response: errors,
      },
    },
    async (request, reply) => sendPreview(reply, await voices.voicePreview(signedInUser(request), request.params.id)),
  );

  for (const url of ['/api/voice/:id', '/api/voice/']) {
    app.delete(
      url,
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['voices'],
          summary: 'Delete a cloned voice',
          params: clonedVoiceParams,
          response: { 200: voiceDeleted, ...errors },
        },
      },
      async (request) => {
        await voices.deleteVoice(signedInUser(request), request.params.id);
        return { success: true as const };
      },
    );
  }
};

function signedInUser(request: FastifyRequest): string {
  if (!request.user) throw new Error('requireUser let a request through without a user');
  return request.user.id;
}

/** A cloned voice is private to its owner, so only the owner's browser may keep its preview. */
async function sendPreview(reply: FastifyReply, audio: Readable) {
  return reply.type('audio/mpeg').header('cache-control', 'private, max-age=3600').send(audio);
}
