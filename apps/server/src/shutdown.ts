import { Server as NetServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** How long requests in flight may take to finish after a stop signal; then the app closes anyway. */
const DRAIN_MS = 25_000;
/**
 * The drain ends once no request is in flight and none has arrived for this long: a request whose
 * bytes arrived while the event loop was busy is read and served, not cut with its connection.
 */
const QUIET_MS = 250;
const CHECK_MS = 25;

/**
 * Stops the process gracefully on SIGTERM or SIGINT:
 * 1. stop accepting connections, but keep the open ones, and answer every request from now on
 *    with `Connection: close`, so keep-alive clients go elsewhere after their answer;
 * 2. drain: wait until every request in flight is done (at most DRAIN_MS). A request counts until
 *    its handler has finished too, so one whose client gave up still ends before the database
 *    closes (http/requests-in-flight.ts);
 * 3. close the app: Fastify closes the idle connections left, then the onClose hooks stop the
 *    job workers and close storage and the database (app.ts registers them in that reverse order);
 * 4. exit 0 (1 if closing failed). A second signal exits at once.
 *
 * Plain `app.close()` would close idle keep-alive connections at once, including those whose
 * next request had arrived but was not yet read (on a busy event loop), and those clients would
 * see their requests cut.
 */
export function stopGracefully(app: FastifyInstance): void {
  const requests = app.requestsInFlight;
  let stopping = false;

  const drain = async () => {
    const deadline = Date.now() + DRAIN_MS;
    while (Date.now() < deadline) {
      if (requests.count === 0 && Date.now() - requests.lastArrivalMs >= QUIET_MS) return;
      await sleep(CHECK_MS);
    }
    app.log.warn(
      { inFlight: requests.count, afterMs: DRAIN_MS },
      'requests still in flight at the end of the drain: cutting them',
    );
    app.server.closeAllConnections();
  };

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second stop signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    requests.closeConnectionsAfterAnswers();
    app.log.info(
      { signal, inFlight: requests.count },
      'shutting down: no new connections, finishing the requests in flight',
    );
    // The listening socket only: http.Server's own close would also drop idle connections now.
    NetServer.prototype.close.call(app.server);
    await drain();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}
