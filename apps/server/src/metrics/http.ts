import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '../http/error-codes.js';
import { AppError } from '../http/errors.js';
import { httpRequestDuration, metricsRegistry } from './registry.js';

export const METRICS_PATH = '/metrics';

/** Whether an Authorization header carries the token, compared in constant time. */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const [scheme, given] = (authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !given) return false;
  const expected = Buffer.from(token);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Times every request by its route pattern (not its URL, so ids do not make a series each) and,
 * when a token is configured, serves `GET /metrics` to callers that send it. Without a token the
 * route does not exist: the path answers 404 like any unknown one.
 */
export function registerMetrics(app: FastifyInstance, token: string | null): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    httpRequestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  if (!token) return;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!carriesToken(request.headers.authorization, token)) {
      throw new AppError('METRICS_TOKEN_INVALID').withHeaders({ 'www-authenticate': 'Bearer' });
    }
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}

/**
 * A worker has no HTTP server, so it serves its own metrics alone on a port of their own, with the
 * same token. Resolves once listening.
 */
export async function serveWorkerMetrics(token: string, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404).end();
      return;
    }
    if (!carriesToken(request.headers.authorization, token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end(`${errorMessage('METRICS_TOKEN_INVALID')}\n`);
      return;
    }
    metricsRegistry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
