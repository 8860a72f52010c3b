import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiCatalogue } from '../catalogue.js';
import { type apiKeyGuard, principalWith } from '../principal.js';
import { ERRORS, TAGS } from './schemas.js';
import { voiceSearchPage } from './user-schemas.js';
import { searchable, searchVoices, voiceSearchQuery } from './voice-search.js';
import { voiceView } from './views.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

interface VoiceSearchRouteDeps {
  catalogue: ApiCatalogue;
  preHandler: ReturnType<typeof apiKeyGuard>;
}

/** GET /v2/voices, the ElevenLabs SDK's `voices.search()`: the voices of /v1/voices, searched, filtered and paged. */
export function elevenLabsVoiceSearchRoutes(app: ZodApp, { catalogue, preHandler }: VoiceSearchRouteDeps): void {
  app.get(
    '/v2/voices',
    {
      preValidation: preHandler,
      schema: {
        tags: TAGS,
        summary: 'Search your voices by name, description or label; filter, sort and page them',
        querystring: voiceSearchQuery,
        response: { 200: voiceSearchPage, ...ERRORS },
      },
    },
    async (request) => {
      const principal = principalWith(request, 'voices:read');
      const voices = await catalogue.voices(principal.userId);
      return searchVoices(
        voices.map((voice) => searchable(voice, voiceView(voice))),
        request.query,
      );
    },
  );
}
