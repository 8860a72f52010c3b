import type { FastifyInstance } from 'fastify';

/**
 * The routes of the running app, read from its own OpenAPI description (GET /api/docs/json), so
 * the security suites cover every route the app has today and notice the ones added tomorrow.
 */

/** The part of JSON Schema that the app's Zod schemas turn into. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface ApiOperation {
  method: HttpMethod;
  /** The path as OpenAPI writes it, e.g. `/api/task/{id}`. */
  path: string;
  /** `METHOD path`: how the suites' tables name a route. */
  key: string;
  pathParams: ApiParameter[];
  queryParams: ApiParameter[];
  /** The JSON body the route declares, if any (multipart routes declare none). */
  jsonBody: JsonSchema | null;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiOperation {
  parameters?: ApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = new Set<HttpMethod>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
export const STATE_CHANGING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

export const routeKey = (method: HttpMethod, path: string) => `${method} ${path}`;

/** Every operation the app describes, docs pages excluded (they are served by the swagger plugin). */
export async function describedOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  const document = response.json() as OpenApiDocument;
  const operations: ApiOperation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [lowerMethod, operation] of Object.entries(byMethod)) {
      const method = lowerMethod.toUpperCase() as HttpMethod;
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        method,
        path,
        key: routeKey(method, path),
        // A path like `/api/task/` still lists `id` (optional in the schema) though it has no slot for it.
        pathParams: parameters.filter((p) => p.in === 'path' && path.includes(`{${p.name}}`)),
        queryParams: parameters.filter((p) => p.in === 'query'),
        jsonBody: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/**
 * Routes of the better-auth bridge (`/api/auth/*`), which the description hides. The ones the web
 * app uses, plus the account-changing ones better-auth serves by default.
 */
export const AUTH_BRIDGE_OPERATIONS: ApiOperation[] = (
  [
    ['GET', '/api/auth/get-session', null],
    ['GET', '/api/auth/list-sessions', null],
    ['POST', '/api/auth/sign-in/email', { email: 'string', password: 'string' }],
    ['POST', '/api/auth/sign-up/email', { email: 'string', password: 'string', name: 'string' }],
    ['POST', '/api/auth/sign-out', null],
    ['POST', '/api/auth/update-user', { name: 'string' }],
    ['POST', '/api/auth/change-password', { currentPassword: 'string', newPassword: 'string' }],
    ['POST', '/api/auth/revoke-sessions', null],
    ['POST', '/api/auth/revoke-other-sessions', null],
  ] as const
).map(([method, path, fields]) => ({
  method,
  path,
  key: routeKey(method, path),
  pathParams: [],
  queryParams: [],
  jsonBody: fields
    ? {
        type: 'object',
        properties: Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, { type }])),
        required: Object.keys(fields),
      }
    : null,
}));

/** The path with its `{name}` slots filled, each value percent-encoded unless told otherwise. */
export function fillPath(
  path: string,
  values: Record<string, string>,
  encode: (value: string) => string = encodeURIComponent,
): string {
  return path.replace(/\{(\w+)\}/g, (_slot, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encode(value);
  });
}
