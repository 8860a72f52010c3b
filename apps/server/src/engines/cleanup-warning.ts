import type { FastifyBaseLogger } from 'fastify';

/** What an engine reports through: the app's logger (only its warn level is used). */
export type EngineLogger = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Reports a cleanup that failed after the work it belonged to had already failed: the error the
 * caller sees is the first one, but what was left behind (a reference file, a voice in a provider's
 * account) must be visible, so an operator can remove it. An engine made without a logger (a
 * script, a benchmark) reports it as a process warning rather than not at all.
 */
export function warnCleanupFailed(
  logger: EngineLogger | undefined,
  leftBehind: Record<string, unknown>,
  error: unknown,
  message: string,
): void {
  if (logger) {
    logger.warn({ ...leftBehind, err: error }, message);
    return;
  }
  const reason = error instanceof Error ? error.message : String(error);
  process.emitWarning(`${message}: ${JSON.stringify(leftBehind)} (${reason})`, 'CleanupWarning');
}
