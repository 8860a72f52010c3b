import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode } from '../../../http/error-codes.js';
import { AppError } from '../../../http/errors.js';

/** OpenAI's error `type` for each status, as its API answers them. */
function errorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** Our error codes as OpenAI's `code` values where OpenAI has one, else our own in snake case. */
const CODES: Partial<Record<ErrorCode, string>> = {
  MISSING_API_KEY: 'missing_api_key',
  INVALID_API_KEY: 'invalid_api_key',
  REVOKED_API_KEY: 'invalid_api_key',
  INSUFFICIENT_CREDITS: 'insufficient_quota',
  KEY_CAP_REACHED: 'insufficient_quota',
  KEY_RATE_LIMITED: 'rate_limit_exceeded',
  RESPONSE_FORMAT_UNSUPPORTED: 'unsupported_format',
};

/** The request field an error is about, for OpenAI's `param`. */
const PARAMS: Partial<Record<ErrorCode, string>> = {
  UNKNOWN_VOICE: 'voice',
  TEXT_REQUIRED: 'input',
  TEXT_OVER_LIMIT: 'input',
  UNKNOWN_MODEL: 'model',
  RESPONSE_FORMAT_UNSUPPORTED: 'response_format',
};

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export const openAiError = (status: number, message: string, code: string | null, param: string | null = null) => ({
  error: { message, type: errorType(status), param, code },
});

/** Answers every error of the OpenAI dialect in OpenAI's shape: `{ error: { message, type, param, code } }`. */
export function useOpenAiErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // `instanceof` cannot recover the class's type parameter; every AppError's code is an ErrorCode.
      const ours: ErrorCode = error.code;
      const code = CODES[ours] ?? ours.toLowerCase();
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(openAiError(error.statusCode, error.message, code, PARAMS[ours] ?? null));
    }
    if (error.validation && error.validation.length > 0) {
      const first = error.validation[0];
      const param = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || null;
      return reply.status(400).send(openAiError(400, first?.message ?? error.message, 'invalid_value', param));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(openAiError(status, error.message, null));
    request.log.error({ err: error }, 'api request failed');
    return reply.status(500).send(openAiError(500, 'The server had an error while processing your request.', null));
  });
}
