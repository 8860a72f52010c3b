import { EngineError, type EngineErrorCode } from '../../engines/speech-engine.js';
import { type ErrorCode, errorMessage } from '../../http/error-codes.js';
import { AppError } from '../../http/errors.js';

/** Why a task failed: the code clients act on, and the words its user reads. */
export interface TaskFailure {
  code: ErrorCode;
  message: string;
}

/** Each kind of engine failure as its code in the registry (the spec's task failure table). */
const ENGINE_CODES: Record<EngineErrorCode, ErrorCode> = {
  rate_limited: 'RATE_LIMITED',
  invalid_voice: 'VOICE_UNAVAILABLE',
  text_too_long: 'TEXT_TOO_LONG',
  invalid_input: 'INVALID_INPUT',
  timeout: 'TIMEOUT',
  provider_balance: 'PROVIDER_BALANCE',
  unavailable: 'ENGINE_UNAVAILABLE',
  failed: 'ENGINE_FAILED',
};

/**
 * The spec's task failure table (section 8), for errors that are neither an engine's nor ours: a
 * library's or a provider's raw words, which only the server ever reads. Clients get the code.
 */
const RULES: { test: RegExp; code: ErrorCode }[] = [
  { test: /tts_chunk_error|chunk/i, code: 'VOICE_PROCESSING' },
  { test: /text too long|exceeds max/i, code: 'TEXT_TOO_LONG' },
  { test: /voice not found|invalid voice/i, code: 'VOICE_UNAVAILABLE' },
  { test: /timeout|timed out/i, code: 'TIMEOUT' },
  { test: /rate limit/i, code: 'RATE_LIMITED' },
  { test: /invalid input|bad request/i, code: 'INVALID_INPUT' },
];

/**
 * What a failed task records. Engine and request errors already carry the spec's texts and keep
 * them. Any other error is matched against the spec's table; one that matches nothing is
 * UNKNOWN_FAILURE ('Unknown error occurred'), because its raw message may name internals (paths,
 * hosts): the log keeps it.
 */
export function taskFailure(error: unknown): TaskFailure {
  if (error instanceof EngineError) return { code: ENGINE_CODES[error.code], message: error.message };
  if (error instanceof AppError) return { code: error.code, message: error.message };
  const raw = error instanceof Error ? error.message : String(error);
  const code = RULES.find((rule) => rule.test.test(raw))?.code ?? 'UNKNOWN_FAILURE';
  return { code, message: errorMessage(code) };
}

/** A failure the server itself decides on, in the registry's words (a stalled task's timeout, say). */
export const failureOf = (code: ErrorCode): TaskFailure => ({ code, message: errorMessage(code) });

/** An engine failure as an error a request can answer with the task's message; other errors pass through. */
export function speechFailure(error: unknown): unknown {
  if (!(error instanceof EngineError)) return error;
  return AppError.withMessage(ENGINE_CODES[error.code], error.message);
}
