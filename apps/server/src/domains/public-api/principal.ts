import type { ApiKeyScope } from '@sayso/contract/api-keys';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { ApiKeyService, ApiPrincipal } from '../api-keys/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiPrincipal: ApiPrincipal | null;
  }
}

/** Where each dialect carries the key: OpenAI as a bearer token, ElevenLabs in `xi-api-key`. */
export type KeyReader = (request: FastifyRequest) => string | undefined;

export const bearerToken: KeyReader = (request) => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
};

export const xiApiKey: KeyReader = (request) => {
  const value = request.headers['xi-api-key'];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * Builds the preHandler of a dialect's routes: the key must be live (checked in the database on
 * every request, so a revoke holds at once everywhere). Cookies are never looked at, and a key is
 * never looked at anywhere else, so keys reach only the public API and sessions only the web app's.
 */
export function apiKeyGuard(keys: ApiKeyService, readKey: KeyReader) {
  return async function requireApiKey(request: FastifyRequest): Promise<void> {
    const secret = readKey(request);
    if (!secret) throw new AppError('MISSING_API_KEY');
    const found = await keys.authenticate(secret);
    if (found === 'revoked') throw new AppError('REVOKED_API_KEY');
    if (!found) throw new AppError('INVALID_API_KEY');
    request.apiPrincipal = found;
  };
}

/** The key of a request that passed apiKeyGuard, checked for a scope. */
export function principalWith(request: FastifyRequest, scope: ApiKeyScope): ApiPrincipal {
  const principal = request.apiPrincipal;
  if (!principal) throw new Error('apiKeyGuard let a request through without a key');
  if (!principal.scopes.includes(scope)) {
    throw new AppError('MISSING_SCOPE', scope);
  }
  return principal;
}
