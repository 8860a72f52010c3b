import { EngineError, type EngineErrorCode } from '../../engines/speech-engine.js';
import { AppError } from '../../http/errors.js';

/** The spec's task failure table (section 8), matched against what went wrong. */
const RULES: { test: RegExp; message: string }[] = [
  { test: /text too long|exceeds max/i, message: 'The text is too long. Please use shorter text.' },
  {
    test: /voice not found|invalid voice/i,
    message: 'The selected voice is not available. Please select a different voice.',
  },
  { test: /timeout|timed out/i, message: 'Request timed out. Please try again.' },
  { test: /rate limit/i, message: 'Too many requests. Please wait a moment and try again.' },
  { test: /invalid input|bad request/i, message: 'Invalid input. Please check your text and voice selection.' },
];

/**
 * What a failed task tells its user. Engine and request errors already carry the spec's texts. Any
 * other error is matched against the spec's table; one that matches nothing shows 'Unknown error
 * occurred', because its raw message may name internals (paths, hosts) — the log keeps it.
 */
export function taskFailureMessage(error: unknown): string {
  if (error instanceof EngineError || error instanceof AppError) return error.message;
  const raw = error instanceof Error ? error.message : String(error);
  return RULES.find((rule) => rule.test.test(raw))?.message ?? 'Unknown error occurred';
}

/** Statuses for engine failures: the provider's trouble is a bad gateway, not the caller's fault. */
const ENGINE_STATUS: Record<EngineErrorCode, number> = {
  rate_limited: 429,
  invalid_voice: 400,
  text_too_long: 400,
  invalid_input: 400,
  timeout: 504,
  provider_balance: 502,
  unavailable: 503,
  failed: 502,
};

/** An engine failure as an error a request can answer with the task's message; other errors pass through. */
export function speechFailure(error: unknown): unknown {
  if (!(error instanceof EngineError)) return error;
  return new AppError(ENGINE_STATUS[error.code], error.message, `ENGINE_${error.code.toUpperCase()}`);
}
