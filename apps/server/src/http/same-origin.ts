import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { trustedOrigins } from './trusted-origins.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the request may carry a browser's session. Requests that authenticate with an
 * `Authorization` header alone (the API keys of a later issue) are not: no other site can make a
 * browser attach them.
 */
function carriesCookie(request: FastifyRequest): boolean {
  return Boolean(request.headers.cookie);
}

/**
 * An API call: it names its own key (OpenAI's `Authorization`, ElevenLabs' `xi-api-key`) and
 * carries no cookie, so it has no ambient authority for another site to borrow, wherever it came from.
 */
function authenticatesItself(request: FastifyRequest): boolean {
  const { headers } = request;
  return !carriesCookie(request) && (headers.authorization !== undefined || headers['xi-api-key'] !== undefined);
}

function isCrossSite(request: FastifyRequest, trusted: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  if (origin !== undefined) return !trusted.has(origin) && origin !== `${request.protocol}://${request.host}`;
  // Browsers send Origin or Fetch Metadata with every POST, PUT, PATCH and DELETE: a cookie
  // request with neither did not come from our pages.
  return fetchSite === undefined && carriesCookie(request);
}

/**
 * Refuses state-changing requests that a browser sends from another site: its Origin is not ours,
 * Fetch Metadata says it is cross-site, or it carries a cookie with neither header. Every path is
 * guarded, whatever its spelling (`/%61pi/...` routes like `/api/...`), because the check does not
 * look at the path at all. Together with SameSite=Lax cookies this keeps other sites from acting
 * with a visitor's session.
 */
export function registerSameOriginGuard(app: FastifyInstance, publicUrl: string): void {
  const trusted = new Set(trustedOrigins(publicUrl));
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || authenticatesItself(request) || !isCrossSite(request, trusted)) {
      done();
      return;
    }
    // The body is never read; closing the connection spares both sides an upload nobody wants,
    // which would otherwise keep the socket busy.
    // Passed on, not sent: the route's own error handler answers, so the public API's dialects give
    // the refusal in their shape (a plain body would not match their response schemas).
    done(new AppError('CROSS_SITE').withHeaders({ connection: 'close' }));
  });
}
