import type { FastifyError, FastifyInstance } from 'fastify';
import { codeOfMessage, ERROR_CODES, type ErrorCode, errorMessage, type MessageArgs } from './error-codes.js';

/**
 * An error whose message is meant for the user, by its code in the registry (http/error-codes.ts),
 * which gives its HTTP status and words: `new AppError('TASK_NOT_FOUND')`, or with the data its
 * words carry, `new AppError('SAMPLE_TOO_LARGE', '21.3')`.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  readonly code: C;
  readonly headers: Record<string, string> = {};

  constructor(code: C, ...args: MessageArgs<C>) {
    super(errorMessage(code, ...args));
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CODES[code].status;
  }

  /**
   * For the few failures whose words come from elsewhere (an engine's, the model manager's): the
   * code still decides the status and what clients do.
   */
  static withMessage(code: ErrorCode, message: string): AppError {
    // A wide `code` needs no message data: the words are set right after.
    const error = new AppError(code);
    error.message = message;
    return error;
  }

  /** Adds response headers (a Retry-After, a Connection: close) to the answer this error gets. */
  withHeaders(headers: Record<string, string>): this {
    Object.assign(this.headers, headers);
    return this;
  }
}

/**
 * The AppError an error is or wraps: libraries that call our code (better-auth around the
 * database, say) rethrow our errors as their own with the original as `cause`.
 */
function appErrorIn(error: unknown): AppError | null {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof AppError) return current;
    current = current.cause;
  }
  return null;
}

/** Fastify's own 4xx refusals, by its error code, as ours; any other keeps its status as BAD_REQUEST. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
};

/**
 * A failed validation's code: the field's own where its message is one of the registry's fixed
 * texts (a schema carrying the spec's 'Text is required', say), else VALIDATION_FAILED.
 */
const validationCode = (message: string): ErrorCode => codeOfMessage(message) ?? 'VALIDATION_FAILED';

/**
 * One place that turns errors into `{ error, code }` bodies: validation and other 4xx errors keep
 * their message, anything else is logged and answered with a generic 500 that leaks nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // Our AppErrors arrive here too, bare or wrapped; appErrorIn finds them before anything else.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = appErrorIn(error);
    if (appError) {
      return reply
        .status(appError.statusCode)
        .headers(appError.headers)
        .send({ error: appError.message, code: appError.code });
    }
    if (error.validation && error.validation.length > 0) {
      const first = error.validation[0];
      const message = first?.message && !first.message.startsWith('Invalid input') ? first.message : error.message;
      return reply.status(400).send({ error: message, code: validationCode(message) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message, code: FASTIFY_CODES[error.code] ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: errorMessage('INTERNAL'), code: 'INTERNAL' });
  });
}
