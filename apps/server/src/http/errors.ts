import type { FastifyError, FastifyInstance } from 'fastify';

/** An error whose message is meant for the user, with the HTTP status it maps to. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'APP_ERROR',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
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

/**
 * One place that turns errors into `{ error }` bodies: validation and other 4xx errors keep their
 * message, anything else is logged and answered with a generic 500 that leaks nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // Our AppErrors arrive here too, bare or wrapped; appErrorIn finds them before anything else.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = appErrorIn(error);
    if (appError) {
      return reply.status(appError.statusCode).headers(appError.headers).send({ error: appError.message });
    }
    if (error.validation && error.validation.length > 0) {
      const first = error.validation[0];
      const message = first?.message && !first.message.startsWith('Invalid input') ? first.message : error.message;
      return reply.status(400).send({ error: message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error' });
  });
}
