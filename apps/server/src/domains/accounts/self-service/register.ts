import type { FastifyInstance } from 'fastify';
import { namedPlugin } from '../../../http/named-plugin.js';
import type { SessionCache } from '../../auth/index.js';
import { VoiceService } from '../../voices/index.js';
import { selfServiceRoutes } from './routes.js';
import { AccountSelfService } from './service.js';

/** The account page's routes, with the service they share. */
export async function registerSelfService(app: FastifyInstance, sessions: SessionCache): Promise<void> {
  const service = new AccountSelfService({
    db: app.db,
    auth: app.auth,
    storage: app.storage,
    voices: new VoiceService({ db: app.db, engines: app.engines, storage: app.storage, logger: app.log }),
    sessions,
    passwordGuesses: { windowSeconds: 60, failuresAllowed: app.config.auth.signInAttemptsPerMinute },
    logger: app.log,
  });
  await app.register(namedPlugin('selfServiceRoutes', selfServiceRoutes(service)));
}
