import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { namedPlugin } from '../../http/named-plugin.js';
import { ApiKeyService, apiKeyRoutes } from '../api-keys/index.js';
import { projectsFor } from '../projects/index.js';
import { VoiceService } from '../voices/index.js';
import { ApiCatalogue } from './catalogue.js';
import { elevenLabsDialogueRoutes } from './elevenlabs/dialogue/routes.js';
import { DialogueService } from './elevenlabs/dialogue/service.js';
import { studioDialogueRoutes } from './elevenlabs/dialogue/studio-routes.js';
import { elevenLabsRoutes } from './elevenlabs/routes.js';
import { openAiRoutes } from './openai/routes.js';
import { apiProjectRoutes } from './projects-routes.js';
import { ApiSpeechService } from './speech-service.js';
import { ApiUsageService } from './usage-service.js';

/** API keys (managed in the web app) and the public API's dialects that they open. */
export async function registerPublicApi(app: FastifyInstance, config: Config): Promise<void> {
  const keys = new ApiKeyService(app.db);
  const catalogue = new ApiCatalogue(app.db, app.engines);
  const speech = new ApiSpeechService({
    db: app.db,
    storage: app.storage,
    catalogue,
    requestsPerKeyPerMinute: config.api.requestsPerKeyPerMinute,
    activeRequestsPerKey: config.api.activeRequestsPerKey,
    staleTaskSeconds: config.speech.staleTaskSeconds,
    logger: app.log,
  });
  app.decorateRequest('apiPrincipal', null);
  await app.register(namedPlugin('apiKeyRoutes', apiKeyRoutes(keys)));
  await app.register(namedPlugin('openAiRoutes', openAiRoutes({ keys, catalogue, speech })), { prefix: '/openai/v1' });
  const voices = new VoiceService({ db: app.db, engines: app.engines, storage: app.storage, logger: app.log });
  await app.register(
    namedPlugin(
      'elevenLabsRoutes',
      elevenLabsRoutes({ keys, catalogue, speech, voices, usage: new ApiUsageService(app.db) }),
    ),
    {
      prefix: '/elevenlabs',
    },
  );
  const dialogue = new DialogueService({
    db: app.db,
    storage: app.storage,
    catalogue,
    staleTaskSeconds: config.speech.staleTaskSeconds,
    logger: app.log,
  });
  await app.register(
    namedPlugin('elevenLabsDialogueRoutes', elevenLabsDialogueRoutes({ keys, catalogue, dialogue, ...config.api })),
    // A prefix of its own, as projects': the dialect's error and not-found handlers are set per prefix.
    { prefix: '/elevenlabs/v1/text-to-dialogue' },
  );
  const studioLimits = { ...config.speech.limits, historyBytesPerUser: config.history.storageLimitBytes };
  await app.register(namedPlugin('studioDialogueRoutes', studioDialogueRoutes({ dialogue, limits: studioLimits })));
  const projects = projectsFor(app);
  await app.register(
    namedPlugin('apiProjectRoutes', apiProjectRoutes({ keys, projects: projects.service, exports: projects.exports })),
    // A prefix of its own: the dialect's error and not-found handlers are set per prefix.
    { prefix: '/elevenlabs/v1/projects' },
  );
}
