import {
  httpRetryClass,
  type ProviderHttp,
  ProviderHttpError,
  ProviderTimeoutError,
  type RetryClass,
  send,
  withRetries,
} from '../http/provider-http.js';
import { EngineError } from '../speech-engine.js';

/**
 * MiniMax said no in its `base_resp` envelope: usually inside an HTTP 200, sometimes with an error
 * status (kept, with its Retry-After, so such an answer is retried like any other HTTP error).
 */
export class MinimaxApiError extends Error {
  constructor(
    readonly code: number,
    readonly statusMessage: string,
    readonly httpStatus: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(`MiniMax error ${code}: ${statusMessage}`);
    this.name = 'MinimaxApiError';
  }
}

interface BaseResponse {
  base_resp?: { status_code?: number; status_msg?: string };
}

/**
 * Rate limits, counted per minute: 1002 requests, 1039 tokens, 2045 growth of the rate. A retry is
 * worth it only once the window has moved on. (2056, the plan's usage window, is hours away and
 * 1041, too many connections, clears as soon as one of ours ends: see below.)
 */
const RATE_LIMIT_CODES = new Set([1002, 1039, 2045]);
/** MiniMax failed on its side, or has too many of our connections open: soon worth another try. */
const INTERNAL_CODES = new Set([1000, 1001, 1013, 1024, 1033, 1041]);

/** Why a failed call may be repeated. Rate limits are refusals: nothing was made, whatever the call. */
function retryClassOf(error: unknown, idempotent: boolean): RetryClass | null {
  if (error instanceof MinimaxApiError) {
    if (RATE_LIMIT_CODES.has(error.code) || error.httpStatus === 429) return 'rate_limit';
    if (!idempotent) return null;
    return INTERNAL_CODES.has(error.code) || (error.httpStatus ?? 0) >= 500 ? 'transient' : null;
  }
  const reason = httpRetryClass(error);
  return reason === 'rate_limit' || idempotent ? reason : null;
}

/** The `base_resp` of an HTTP error's body, when MiniMax sent its envelope there too. */
function envelopeOf(error: ProviderHttpError): MinimaxApiError | null {
  try {
    const body = JSON.parse(error.body) as BaseResponse;
    const code = body.base_resp?.status_code;
    if (typeof code !== 'number' || code === 0) return null;
    return new MinimaxApiError(code, body.base_resp?.status_msg ?? '', error.status, error.retryAfterMs);
  } catch {
    return null;
  }
}

export interface CallOptions {
  /**
   * False for calls that make something MiniMax charges for or keeps (an async job, a cloned voice):
   * after a timeout, a dropped connection or a server error the first call may have succeeded, so
   * only refusals (rate limits) are retried and the caller decides what else is safe.
   */
  idempotent?: boolean;
}

export interface MinimaxClient {
  json<T>(path: string, body: unknown, options?: CallOptions): Promise<T>;
  form<T>(path: string, form: FormData): Promise<T>;
  get<T>(path: string, query: Record<string, string>): Promise<T>;
  /** Downloads a file the API pointed to (no API key: these are pre-signed URLs). */
  download(url: string): Promise<Buffer>;
}

export function minimaxClient(baseUrl: string, apiKey: string, http: ProviderHttp): MinimaxClient {
  const auth = { authorization: `Bearer ${apiKey}` };
  async function call<T>(url: string, init: RequestInit, options: CallOptions = {}): Promise<T> {
    const idempotent = options.idempotent ?? true;
    return withRetries(
      http,
      async () => {
        let response: Response;
        try {
          response = await send(http, url, init);
        } catch (error) {
          throw (error instanceof ProviderHttpError && envelopeOf(error)) || error;
        }
        let body: T & BaseResponse;
        try {
          body = (await response.json()) as T & BaseResponse;
        } catch (error) {
          throw new MinimaxApiError(-1, `unreadable answer (${error instanceof Error ? error.message : 'bad JSON'})`);
        }
        const code = body.base_resp?.status_code ?? 0;
        if (code !== 0) throw new MinimaxApiError(code, body.base_resp?.status_msg ?? '');
        return body;
      },
      (error) => retryClassOf(error, idempotent),
    );
  }
  return {
    json: (path, body, options) =>
      call(
        `${baseUrl}${path}`,
        {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        options,
      ),
    form: (path, form) => call(`${baseUrl}${path}`, { method: 'POST', headers: auth, body: form }),
    get: (path, query) => call(`${baseUrl}${path}?${new URLSearchParams(query)}`, { method: 'GET', headers: auth }),
    download: (url) =>
      withRetries(
        http,
        async () => Buffer.from(await (await send(http, url, { method: 'GET' })).arrayBuffer()),
        httpRetryClass,
      ),
  };
}

/** MiniMax's documented failures as the spec's section 8 messages. */
export function minimaxEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const fail = (message: string, code: EngineError['code']) => new EngineError(message, code, { cause: error });
  if (error instanceof ProviderTimeoutError) return fail('Request timed out. Please try again.', 'timeout');
  if (error instanceof ProviderHttpError) {
    if (error.status === 429) return fail('Too many requests. Please wait a moment and try again.', 'rate_limited');
    return fail(`The speech service failed (HTTP ${error.status}). Please try again.`, 'failed');
  }
  if (error instanceof MinimaxApiError) {
    switch (error.code) {
      case -1:
        return fail('The speech service sent an unreadable answer. Please try again.', 'failed');
      case 1001:
        return fail('Request timed out. Please try again.', 'timeout');
      // 1039 is the tokens-per-minute limit, not a text length; 2056 is the plan's usage window,
      // which reopens by itself, so it is not an empty balance either.
      case 1002:
      case 1039:
      case 1041:
      case 2045:
      case 2056:
        return fail('Too many requests. Please wait a moment and try again.', 'rate_limited');
      case 1008:
        return fail('The speech service has run out of balance. Please contact support.', 'provider_balance');
      case 20132:
      case 2042:
        return fail('The selected voice is not available. Please select a different voice.', 'invalid_voice');
      case 1004:
      case 2049:
        return fail('The speech service is not configured correctly. Please contact support.', 'unavailable');
      case 1026:
      case 1027:
      case 1042:
      case 2013:
      case 2037:
      case 2048:
        return fail('Invalid input. Please check your text and voice selection.', 'invalid_input');
      default:
        return fail(`The speech service failed (code ${error.code}). Please try again.`, 'failed');
    }
  }
  return fail('The speech service could not be reached. Please try again.', 'failed');
}

/**
 * A failed clone in the clone screen's terms: the sample's own length rule when MiniMax measured the
 * sample out of range, the shared rate-limit and timeout messages, and otherwise the spec's
 * 'Failed to create voice' (a provider refusal is nothing the user can fix in the form).
 */
export function minimaxCloneError(error: unknown): EngineError {
  const mapped = minimaxEngineError(error);
  const code = error instanceof MinimaxApiError ? error.code : null;
  if (code === 2037) {
    return new EngineError('Audio file must be at least 10 seconds long.', 'invalid_input', { cause: error });
  }
  if (code === 2048) {
    return new EngineError('Audio file must be no longer than 5 minutes (300 seconds).', 'invalid_input', {
      cause: error,
    });
  }
  if (mapped.code === 'rate_limited' || mapped.code === 'timeout') return mapped;
  if (error instanceof EngineError && error.code === 'invalid_input') return error;
  return new EngineError('Failed to create voice. Please try again.', 'failed', { cause: error });
}
