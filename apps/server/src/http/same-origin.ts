import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function allowedOrigins(request: FastifyRequest, publicUrl: string): Set<string> {
  return new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
}

/**
 * Refuses state-changing API requests that a browser sends from another site: its Origin is not
 * ours, or Fetch Metadata says it is cross-site. Together with SameSite=Lax cookies this keeps
 * other sites from acting with a visitor's session.
 */
export function registerSameOriginGuard(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if (crossSite || (origin && !allowedOrigins(request, publicUrl).has(origin))) {
      return reply.status(403).send({ error: 'Cross-site request refused' });
    }
  });
}
