import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The requests this process is still working on, as a graceful shutdown must see them: from the
 * first hook until the handler is done with the database and the answer is written.
 *
 * Counting sockets is not enough. A client that gives up closes its response at once, while the
 * handler behind it still waits for the database or hashes a password; closing the database then
 * makes that handler fail with a 500 nobody reads but the log.
 */
export interface RequestsInFlight {
  /** Requests whose handler or answer is not finished. */
  readonly count: number;
  /** When the last request arrived (ms since the epoch), 0 before the first. */
  readonly lastArrivalMs: number;
  /** From now on every answer asks its client to close the connection. */
  closeConnectionsAfterAnswers(): void;
}

/** Set once the handler has handed its answer to Fastify (or failed): nothing of it runs any more. */
const HANDLED = Symbol('request handled');
/** Set once the request has left the count. */
const FINISHED = Symbol('request finished');

// Optional for the type checker only: Fastify sets both on every request (decorateRequest below).
type Tracked = FastifyRequest & { [HANDLED]?: boolean; [FINISHED]?: boolean };

export function trackRequestsInFlight(app: FastifyInstance): RequestsInFlight {
  let count = 0;
  let lastArrivalMs = 0;
  let closing = false;

  // Declared on every request up front: properties added to Fastify's request objects on the fly
  // would give them new shapes, and Fastify's hot paths slow down on every request that follows.
  app.decorateRequest(HANDLED, false);
  app.decorateRequest(FINISHED, false);
  const finish = (request: Tracked) => {
    if (request[FINISHED]) return;
    request[FINISHED] = true;
    count -= 1;
  };

  app.addHook('onRequest', (request: Tracked, reply, done) => {
    count += 1;
    lastArrivalMs = Date.now();
    if (closing) reply.raw.shouldKeepAlive = false;
    // A response closes once its answer is written, or when its client leaves. Either ends the
    // request only if the handler is done: it answered, or it took the raw response over (a live
    // event stream).
    // (`on`, not `once`: the response emits 'close' once, and unhooking a once-listener costs more.)
    reply.raw.on('close', () => {
      if (request[HANDLED] || reply.sent) finish(request);
    });
    done();
  });

  // Runs for every answer, the handler's own or an error's, once the handler has returned.
  app.addHook('onSend', (request: Tracked, reply: FastifyReply, payload, done) => {
    request[HANDLED] = true;
    // The client left while the handler worked: no answer will be written, and none will finish.
    if (reply.raw.destroyed) finish(request);
    done(null, payload);
  });

  return {
    get count() {
      return count;
    },
    get lastArrivalMs() {
      return lastArrivalMs;
    },
    closeConnectionsAfterAnswers() {
      closing = true;
    },
  };
}
