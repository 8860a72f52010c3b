import type { FastifyRequest } from 'fastify';
import { decodedLowerPath } from './request-path.js';

const FILE_ROUTE_PREFIX = '/api/files/';

/**
 * File links carry a signature that opens the file for 24 hours to whoever holds it. Matched by
 * route, and by the decoded path for requests no route took, so `/%61pi/files/...` counts too.
 */
function isFileLink(request: FastifyRequest): boolean {
  const route = request.routeOptions?.url;
  return route?.startsWith(FILE_ROUTE_PREFIX) === true || decodedLowerPath(request.url).startsWith(FILE_ROUTE_PREFIX);
}

/** The URL as logged: a file link keeps its path but not its query (expiry and signature). */
export function loggedUrl(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  if (queryStart === -1 || !isFileLink(request)) return request.url;
  return `${request.url.slice(0, queryStart)}?[redacted]`;
}

const firstHeaderValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Fastify's own request serializer, with the URL through loggedUrl. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    version: firstHeaderValue(request.headers['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
