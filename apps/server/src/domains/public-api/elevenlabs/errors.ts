import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode } from '../../../http/error-codes.js';
import { AppError } from '../../../http/errors.js';

/**
 * Our error codes as ElevenLabs' `detail.status` values, where ElevenLabs has one; others are our
 * code in snake case.
 *
 * Running out of credits, and a key past its monthly cap, are both ElevenLabs' `quota_exceeded`,
 * the status clients (Home Assistant, the SDK's users) already look for. ElevenLabs itself sends
 * it with HTTP 401, but a 401 tells a client its key is bad, and some then drop the key; we answer
 * 402 (ElevenLabs' own `payment_required` class) so the key is kept and only the request is refused.
 */
const STATUSES: Partial<Record<ErrorCode, string>> = {
  MISSING_API_KEY: 'needs_authorization',
  INVALID_API_KEY: 'invalid_api_key',
  REVOKED_API_KEY: 'invalid_api_key',
  MISSING_SCOPE: 'missing_permissions',
  INSUFFICIENT_CREDITS: 'quota_exceeded',
  KEY_CAP_REACHED: 'quota_exceeded',
  KEY_RATE_LIMITED: 'rate_limit_exceeded',
  UNKNOWN_VOICE: 'voice_not_found',
  VOICE_NOT_FOUND: 'voice_not_found',
  VOICE_UNAVAILABLE: 'voice_not_found',
  UNKNOWN_MODEL: 'model_not_found',
  TEXT_REQUIRED: 'invalid_text',
  TEXT_OVER_LIMIT: 'invalid_text',
  TEXT_TOO_LONG: 'invalid_text',
};

export const elevenLabsError = (status: string, message: string) => ({ detail: { status, message } });

/** FastAPI's names for where a request field sits, which ElevenLabs' 422 answers use in `loc`. */
const LOCATIONS: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/**
 * Answers every error of the ElevenLabs dialect in ElevenLabs' shape: `{ detail: { status, message } }`,
 * except request validation, which ElevenLabs (a FastAPI service) answers with 422 and a list of
 * `{ loc, msg, type }` (the SDK's `UnprocessableEntityError` expects that body).
 */
export function useElevenLabsErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // `instanceof` cannot recover the class's type parameter; every AppError's code is an ErrorCode.
      const code: ErrorCode = error.code;
      const status = STATUSES[code] ?? code.toLowerCase();
      return reply.status(error.statusCode).headers(error.headers).send(elevenLabsError(status, error.message));
    }
    if (error.validation && error.validation.length > 0) {
      const where = LOCATIONS[error.validationContext ?? 'body'] ?? 'body';
      const detail = error.validation.map((issue) => ({
        loc: [where, ...issue.instancePath.split('/').filter(Boolean)],
        msg: issue.message ?? 'Invalid value',
        type: issue.keyword,
      }));
      return reply.status(422).send({ detail });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(elevenLabsError('invalid_request', error.message));
    }
    request.log.error({ err: error }, 'api request failed');
    return reply.status(500).send(elevenLabsError('internal_error', 'An internal error occurred. Please try again.'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(elevenLabsError('not_found', `${request.method} ${request.url} is not part of this API.`)),
  );
}
