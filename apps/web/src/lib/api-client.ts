import type { ErrorBody } from '@sayso/contract/errors';

/**
 * A failure's body, read defensively: the contract's `{ error }`, else the `{ message }` some other
 * answers carry (better-auth's, under /api/auth), else anything at all.
 */
type FailureBody = Partial<Record<keyof ErrorBody | 'message', unknown>>;

/** Errors from the API carry the message the user should see (spec section 8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The Retry-After header of a 429, in seconds, when the server sent one. */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection.';

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let message = text;
  try {
    const body = JSON.parse(text) as FailureBody;
    if (typeof body.error === 'string' && body.error) message = body.error;
    else if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // Not JSON: the raw text is the message.
  }
  return new ApiError(
    message || `API Error: ${response.status} ${response.statusText}`,
    response.status,
    response.headers.get('retry-after'),
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
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  if (!response.ok) throw await errorFrom(response);
  // 204 No Content (a sign-out, say) has no body to read.
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
