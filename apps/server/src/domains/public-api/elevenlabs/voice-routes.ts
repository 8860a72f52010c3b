import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { VoiceService } from '../../voices/index.js';
import type { ApiCatalogue } from '../catalogue.js';
import { type apiKeyGuard, principalWith } from '../principal.js';
import { readAddVoiceForm } from './clone-form.js';
import {
  ERRORS,
  elevenLabsModelList,
  elevenLabsVoice,
  elevenLabsVoiceList,
  elevenLabsVoiceParams,
  TAGS,
  voiceAdded,
  voiceDeleted,
} from './schemas.js';
import { ELEVENLABS_MODELS, modelView, voiceView } from './views.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

interface VoiceRouteDeps {
  catalogue: ApiCatalogue;
  voices: VoiceService;
  preHandler: ReturnType<typeof apiKeyGuard>;
}

/** The ElevenLabs dialect's voices (presets and the key owner's clones, which it can add and delete) and models. */
export function elevenLabsVoiceRoutes(app: ZodApp, { catalogue, voices, preHandler }: VoiceRouteDeps): void {
  const tags = TAGS;

  app.get(
    '/v1/voices',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'Voices you can speak with, your cloned voices included',
        response: { 200: elevenLabsVoiceList, ...ERRORS },
      },
    },
    async (request) => {
      const principal = principalWith(request, 'voices:read');
      return { voices: (await catalogue.voices(principal.userId)).map(voiceView) };
    },
  );

  app.get(
    '/v1/voices/:voice_id',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'One voice',
        params: elevenLabsVoiceParams,
        response: { 200: elevenLabsVoice, ...ERRORS },
      },
    },
    async (request) => {
      const principal = principalWith(request, 'voices:read');
      return voiceView((await catalogue.speaker(principal.userId, request.params.voice_id)).voice);
    },
  );

  app.post(
    '/v1/voices/add',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'Clone a voice from a sample (multipart: name, files; the first file is the sample)',
        response: { 200: voiceAdded, ...ERRORS },
      },
    },
    async (request) => {
      const principal = principalWith(request, 'voices:write');
      // Refused before the upload is read, so a full account does not send 20 MB for nothing.
      await voices.checkRoomForVoice(principal.userId);
      const created = await voices.cloneVoice(principal.userId, await readAddVoiceForm(request));
      return { voice_id: created.voice_id, requires_verification: created.requires_verification };
    },
  );

  app.delete(
    '/v1/voices/:voice_id',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'Delete one of your cloned voices',
        params: elevenLabsVoiceParams,
        response: { 200: voiceDeleted, ...ERRORS },
      },
    },
    async (request) => {
      const principal = principalWith(request, 'voices:write');
      await voices.deleteVoice(principal.userId, request.params.voice_id);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/v1/models',
    {
      preValidation: preHandler,
      schema: { tags, summary: 'Models you can name in `model_id`', response: { 200: elevenLabsModelList, ...ERRORS } },
    },
    async () => {
      const ours = await catalogue.models();
      const spoken = [...new Set(ours.flatMap((model) => model.engine.capabilities.languages))];
      const aliases = Object.entries(ELEVENLABS_MODELS).map(([id, name]) =>
        modelView(id, name, 'Speaks with the voice’s own engine and that engine’s default model.', spoken),
      );
      const own = ours
        .filter((model) => !(model.id in ELEVENLABS_MODELS))
        .map((model) =>
          modelView(
            model.id,
            model.name,
            `A model of the ${model.engine.id} engine.`,
            model.engine.capabilities.languages,
          ),
        );
      return [...aliases, ...own];
    },
  );
}
