import type { ErrorBody } from '@sayso/contract/errors';

/**
 * A failure's body, read defensively: the contract's `{ error, code }`, else the `{ message, code }`
 * better-auth answers under /api/auth, else anything at all.
 */
type FailureBody = Partial<Record<keyof ErrorBody | 'message', unknown>>;

/**
 * The code of a request that never reached the server. Ours, not the server's: the server's codes
 * are listed in docs/api.md.
 */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/**
 * Errors from the API carry the message the user should see (spec section 8) and the server's code
 * for it. Decisions are made on the code (or the status), never on the message's words.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The Retry-After header of a 429, in seconds, when the server sent one. */
    readonly retryAfter: string | null = null,
    /** The error's code (docs/api.md; better-auth's own under /api/auth), null when the answer had none. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection.';

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let message = text;
  let code: string | null = null;
  try {
    const body = JSON.parse(text) as FailureBody;
    if (typeof body.error === 'string' && body.error) message = body.error;
    else if (typeof body.message === 'string' && body.message) message = body.message;
    if (typeof body.code === 'string' && body.code) code = body.code;
  } catch {
    // Not JSON: the raw text is the message.
  }
  return new ApiError(
    message || `API Error: ${response.status} ${response.statusText}`,
    response.status,
    response.headers.get('retry-after'),
    code,
  );
}

/** Calls the Sayso API and returns its JSON, throwing ApiError with the user-facing message. */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...(init.headers ?? {}) },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, null, NETWORK_ERROR_CODE);
  }
  if (!response.ok) throw await errorFrom(response);
  // 204 No Content (a sign-out, say) has no body to read.
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
