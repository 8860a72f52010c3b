import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { lockWaitLimit } from '../db/lock-wait.js';
import { isApiPath } from './api-paths.js';
import { AppError } from './errors.js';
import { watchEventLoop } from './event-loop-pressure.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the event loop was beyond its limits in the last sample (requests to the API are refused). */
    isUnderPressure(): boolean;
  }
}

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
 *   bounds (event-loop-pressure.ts); nothing has started, so writes are refused safely too;
 * - on the embedded database, a read that waited longer than `databaseWaitMs` for the single
 *   connection. Writes that were let in wait their turn, so none stops half done.
 * Both run in one hook, and the route is looked at only when one of them may apply.
 */
export function registerOverloadProtection(
  app: FastifyInstance,
  settings: Config['overload'],
  database: Config['database']['kind'],
): void {
  const busy = (request: FastifyRequest) =>
    new AppError('SERVER_BUSY').withHeaders({
      'retry-after': String(settings.retryAfterSeconds),
      // A refused write's body is never read; closing spares both sides the rest of the upload.
      ...(READ_METHODS.has(request.method) ? {} : { connection: 'close' }),
    });

  const watch = watchEventLoop(settings);
  app.decorate('isUnderPressure', () => watch.pressure !== null);
  // Building the app (opening the database, migrating) holds the loop for seconds: counted, it
  // would put a server that just started under pressure, and refuse its first requests.
  app.addHook('onReady', async () => watch.restart());
  app.addHook('onClose', async () => watch.stop());

  // Only the embedded database has a single connection to wait for. Elsewhere the limit would
  // never be read, yet running every request inside an AsyncLocalStorage taxes each promise made.
  const limitsDatabaseWaits = settings.databaseWaitMs > 0 && database === 'pglite';

  app.addHook('onRequest', (request, _reply, done) => {
    const pressure = watch.pressure;
    if (pressure !== null) {
      if (!isSheddable(request)) return done();
      request.log.warn(pressure, 'request refused: the server is under pressure');
      return done(busy(request));
    }
    if (!limitsDatabaseWaits || !READ_METHODS.has(request.method) || !isSheddable(request)) return done();
    // The rest of the request (hooks, handler, its queries) runs inside this limit.
    lockWaitLimit.run({ ms: settings.databaseWaitMs, tooLong: () => busy(request) }, done);
  });
}
