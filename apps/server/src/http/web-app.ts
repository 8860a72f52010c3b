import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath } from '@sayso/contract/pages';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-paths.js';
import { errorMessage } from './error-codes.js';

/**
 * Serves the built web app, Brotli or gzip compressed when the browser accepts it (from copies the
 * build made). Hashed assets are cached for a year; every other path that is not an API route gets
 * index.html so the browser router can draw it: with status 200 for the app's pages, and 404 for
 * any other path, where the router draws the not-found page. Unknown API routes get JSON.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text asset (apps/web/precompress-plugin.ts).
      preCompressed: true,
      setHeaders(res, filePath: string) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app is not built; only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname);
    if (isPage && hasWebApp) {
      return reply
        .status(isPagePath(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: errorMessage('ROUTE_NOT_FOUND', request.method, pathname), code: 'ROUTE_NOT_FOUND' });
  });
}
