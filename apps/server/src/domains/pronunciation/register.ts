import type { FastifyInstance } from 'fastify';
import { namedPlugin } from '../../http/named-plugin.js';
import { pronunciationRoutes } from './routes.js';
import { PronunciationService } from './service.js';

/** The pronunciation service on this app's database. */
export const pronunciationFor = (app: FastifyInstance): PronunciationService =>
  new PronunciationService({ db: app.db });

/** The pronunciation page's routes. */
export async function registerPronunciation(app: FastifyInstance): Promise<void> {
  await app.register(namedPlugin('pronunciationRoutes', pronunciationRoutes(pronunciationFor(app))));
}
