import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Auth, CLIENT_IP_HEADER } from './service.js';
import { clearedUserCookie } from './user-cookie.js';

function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // Fastify decides the client address (trusting proxies only when configured); better-auth
  // rate-limits by this header alone.
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function webBody(request: FastifyRequest): string | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === undefined) return undefined;
  return typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
}

/** Hands /api/auth/* to better-auth, translating between Fastify and the Fetch API. */
export function authRoutes(auth: Auth, publicUrl: string): FastifyPluginAsync {
  const secureCookies = publicUrl.startsWith('https://');
  return async (app) => {
    // OAuth providers may post their answer as a form; better-auth parses it itself.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const url = new URL(request.url, publicUrl);
        const body = webBody(request);
        const response = await auth.handler(
          new Request(url, { method: request.method, headers: webHeaders(request), ...(body ? { body } : {}) }),
        );
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (url.pathname === '/api/auth/sign-out') cookies.push(clearedUserCookie(secureCookies));
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(Buffer.from(await response.arrayBuffer()));
      },
    });
  };
}
