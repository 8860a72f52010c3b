import type { ApiKeyCreate, ApiKeyCreated } from '@sayso/contract/api-keys';
import type { FastifyInstance } from 'fastify';
import { ORIGIN, signedInUser } from './sessions.js';

/** Creates an API key through the web app's own route, as the API keys page does. */
export async function createApiKey(
  app: FastifyInstance,
  cookie: string,
  request: ApiKeyCreate,
): Promise<ApiKeyCreated> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie, origin: ORIGIN },
    payload: request,
  });
  if (response.statusCode !== 200) throw new Error(`creating a key failed: ${response.body}`);
  return response.json() as ApiKeyCreated;
}

export const ALL_SCOPES: ApiKeyCreate['scopes'] = ['speech', 'voices:read', 'voices:write'];

/** A signed-up user with a key of every scope, and the address of the app listening on loopback. */
export async function apiUser(app: FastifyInstance, request: Partial<ApiKeyCreate> = {}) {
  const user = await signedInUser(app);
  const created = await createApiKey(app, user.cookie, { name: 'Test key', scopes: ALL_SCOPES, ...request });
  return { ...user, key: created.key, secret: created.secret };
}

/** Starts the app on a loopback port and answers its base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}
