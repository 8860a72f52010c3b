import { apiRequest } from '@/lib/api-client';

/** A JSON request to one of the account routes (/api/account/...). */
export const sendJson = <T>(path: string, method: 'POST' | 'PATCH', body?: unknown) =>
  apiRequest<T>(path, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
