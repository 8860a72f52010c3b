import { request as httpRequest, type IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type RequestsInFlight, trackRequestsInFlight } from '../../src/http/requests-in-flight.js';

/** A promise the test resolves when it chooses, standing for a handler's slow database work. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 5_000) throw new Error('condition not reached in time');
    await tick();
  }
}

/**
 * The count a graceful shutdown drains (http/requests-in-flight.ts), on a Fastify app served on
 * loopback, so clients really hang up. Each route's handler waits for the test's gate.
 */
describe('requests in flight', () => {
  let app: FastifyInstance;
  let inFlight: RequestsInFlight;
  let baseUrl: string;
  let handler = gate();
  let handlerDone = false;

  async function start() {
    handler = gate();
    app = Fastify();
    inFlight = trackRequestsInFlight(app);
    app.get('/slow', async () => {
      await handler.opened;
      handlerDone = true;
      return { ok: true };
    });
    app.get('/fails', async () => {
      await handler.opened;
      throw new Error('the database is gone');
    });
    app.get('/stream', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write(': open\n\n');
    });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  }

  /** Sends a GET and resolves with its answer's head, or with null when the client hung up. */
  function get(path: string, signal?: AbortSignal): Promise<IncomingMessage | null> {
    return new Promise((resolve) => {
      const sent = httpRequest(`${baseUrl}${path}`, { signal }, (response) => {
        response.resume();
        resolve(response);
      });
      sent.on('error', () => resolve(null));
      sent.end();
    });
  }

  afterEach(async () => {
    handler.open();
    await app.close();
    handlerDone = false;
  });

  it('counts a request until its answer is written', async () => {
    await start();
    const answer = get('/slow');
    await until(() => inFlight.count === 1);
    expect(inFlight.lastArrivalMs).toBeGreaterThan(Date.now() - 5_000);
    handler.open();
    expect((await answer)?.statusCode).toBe(200);
    await until(() => inFlight.count === 0);
  });

  it('keeps counting a request whose client hung up until its handler is done', async () => {
    await start();
    const hangUp = new AbortController();
    const answer = get('/slow', hangUp.signal);
    await until(() => inFlight.count === 1);
    hangUp.abort();
    expect(await answer).toBeNull();
    // The connection is gone, but the handler still works: the database must stay open for it.
    await tick();
    await tick();
    expect(inFlight.count).toBe(1);
    handler.open();
    await until(() => handlerDone);
    await until(() => inFlight.count === 0);
  });

  it('stops counting a failed handler once its error is answered, or its client has gone', async () => {
    await start();
    const hangUp = new AbortController();
    const answered = get('/fails');
    const abandoned = get('/fails', hangUp.signal);
    await until(() => inFlight.count === 2);
    hangUp.abort();
    await abandoned;
    await tick();
    expect(inFlight.count).toBe(2);
    handler.open();
    expect((await answered)?.statusCode).toBe(500);
    await until(() => inFlight.count === 0);
  });

  it('counts a stream the handler took over until its client leaves', async () => {
    await start();
    const hangUp = new AbortController();
    const stream = await get('/stream', hangUp.signal);
    expect(stream?.statusCode).toBe(200);
    expect(inFlight.count).toBe(1);
    hangUp.abort();
    await until(() => inFlight.count === 0);
  });

  it('asks every client to close its connection after its answer once the server stops', async () => {
    await start();
    handler.open();
    expect((await get('/slow'))?.headers.connection).toBe('keep-alive');
    inFlight.closeConnectionsAfterAnswers();
    expect((await get('/slow'))?.headers.connection).toBe('close');
  });
});
