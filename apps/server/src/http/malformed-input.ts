import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** No request body of ours nests deeper than a handful of levels; 32 leaves room and stays far from any stack limit. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text opens more than `limit` arrays or objects inside each other. It scans the
 * text rather than the parsed value, so even a body built to exhaust the stack costs one pass.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === ']' || char === '}') {
      depth -= 1;
    }
  }
  return false;
}

/** Whether a string, or any key or string inside a parsed value, holds a NUL character. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      const record = next as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (key.includes('\u0000')) return true;
        pending.push(record[key]);
      }
    }
  }
  return false;
}

const nulInInput = () => new AppError('NUL_IN_INPUT');

/**
 * Throws the one 400 for NUL characters. The hook below covers path, query and parsed bodies;
 * forms streamed inside a handler (multipart) call this on their fields themselves.
 */
export function refuseNul(value: unknown): void {
  if (containsNul(value)) throw nulInInput();
}

/** A form body reaches handlers as text; what matters is the text after percent-decoding. */
function bodyValues(request: FastifyRequest): unknown {
  const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  if (typeof request.body === 'string' && isForm) return [...new URLSearchParams(request.body).entries()];
  return request.body;
}

/**
 * Path parameters and query values are decoded from the URL, where a NUL can only be written as
 * `%00` (HTTP's parser refuses a raw one; injected test requests may still carry it). A URL with
 * neither needs no walk over them: most requests, which this check spares a few allocations.
 */
const urlMayHoldNul = (url: string) => url.includes('%00') || url.includes('\u0000');

/**
 * Refuses malformed input once, for every route, before any handler or validator sees it:
 * JSON nested deeper than MAX_JSON_DEPTH (serialising it again would overflow the stack), and
 * NUL characters anywhere in the path, query or body (PostgreSQL text cannot hold them, so they
 * would surface as a 500 from the database).
 */
export function registerMalformedInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('BODY_TOO_DEEP'), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const found = urlMayHoldNul(request.url)
      ? // One walk over all three (each walk allocates its own work list).
        containsNul([request.params, request.query, bodyValues(request)])
      : request.body !== undefined && containsNul(bodyValues(request));
    done(found ? nulInInput() : undefined);
  });
}
