import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { runRetention } from './retention.js';
import { historyRoutes } from './routes.js';
import { HistoryService } from './service.js';
import { namedPlugin } from '../../http/named-plugin.js';

/** How often the retention job looks for audio past its days. */
const RETENTION_EVERY_MS = 60 * 60_000;

/** The history routes, and where this process runs workers, the hourly retention job. */
export async function registerHistory(app: FastifyInstance, config: Config): Promise<void> {
  const service = new HistoryService({
    db: app.db,
    storage: app.storage,
    engines: app.engines,
    encodeTake: app.encodeTake,
    retentionDays: config.history.retentionDays,
    storageLimitBytes: config.history.storageLimitBytes,
    logger: app.log,
  });
  await app.register(namedPlugin('historyRoutes', historyRoutes(service)));
  if (!config.runWorkers) return;
  const deps = { db: app.db, storage: app.storage, logger: app.log, retentionDays: config.history.retentionDays };
  const pass = () =>
    runRetention(deps, new Date()).catch((error: unknown) => app.log.error({ err: error }, 'history retention failed'));
  const timer = setInterval(pass, RETENTION_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
