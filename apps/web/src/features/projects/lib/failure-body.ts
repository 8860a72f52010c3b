import { ApiError } from '@/lib/api-client';

/**
 * A failed answer read as `apiRequest` reads one (the contract's `{ error, code }`), for the two
 * calls that cannot go through it: an upload that reports progress and a download of bytes.
 */
export function apiErrorFrom(status: number, body: string, retryAfter: string | null): ApiError {
  let message = `API Error: ${status}`;
  let code: string | null = null;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; code?: unknown };
    if (typeof parsed.error === 'string' && parsed.error) message = parsed.error;
    if (typeof parsed.code === 'string' && parsed.code) code = parsed.code;
  } catch {
    // Not JSON: the status line will do.
  }
  return new ApiError(message, status, retryAfter, code);
}
