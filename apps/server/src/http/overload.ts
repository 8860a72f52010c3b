import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { lockWaitLimit } from '../db/lock-wait.js';
import { isApiPath } from './api-paths.js';
import { AppError } from './errors.js';

export const BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Health must keep answering so monitors see a busy process as alive; the docs need no database. */
const EXEMPT_ROUTE_PREFIXES = ['/api/health', '/api/docs'];

/**
 * API routes may be refused when the server is overloaded. Pages and assets (served from files,
 * no database) are not API routes, and neither is a request no route took.
 */
function isSheddable(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && isApiPath(route) && !EXEMPT_ROUTE_PREFIXES.some((prefix) => route.startsWith(prefix));
}

/**
 * Under load a request gets a fast 503 with Retry-After rather than silence:
 * - at the door, any API request while the event loop lags (or is used) beyond the configured
 *   bounds (@fastify/under-pressure); nothing has started, so writes are refused safely too;
 * - on the embedded database, a read that waited longer than `databaseWaitMs` for the single
 *   connection. Writes that were let in wait their turn, so none stops half done.
 */
export async function registerOverloadProtection(
  app: FastifyInstance,
  settings: Config['overload'],
  database: Config['database']['kind'],
): Promise<void> {
  const busy = (request: FastifyRequest) =>
    new AppError(503, BUSY_MESSAGE, 'SERVER_BUSY', {
      'retry-after': String(settings.retryAfterSeconds),
      // A refused write's body is never read; closing spares both sides the rest of the upload.
      ...(READ_METHODS.has(request.method) ? {} : { connection: 'close' }),
    });

  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    maxEventLoopUtilization: settings.maxEventLoopUtilization,
    eventLoopUtilizationMode: 'interval',
    sampleInterval: settings.sampleIntervalMs,
    pressureHandler: async (request, _reply, type, value) => {
      if (!isSheddable(request)) return;
      request.log.warn({ type, value }, 'request refused: the server is under pressure');
      throw busy(request);
    },
  });

  // Only the embedded database has a single connection to wait for. Elsewhere the limit would
  // never be read, yet running every request inside an AsyncLocalStorage taxes each promise made.
  if (settings.databaseWaitMs === 0 || database !== 'pglite') return;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!READ_METHODS.has(request.method) || !isSheddable(request)) return done();
    // The rest of the request (hooks, handler, its queries) runs inside this limit.
    lockWaitLimit.run({ ms: settings.databaseWaitMs, tooLong: () => busy(request) }, done);
  });
}
