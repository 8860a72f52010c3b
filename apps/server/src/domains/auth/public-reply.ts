import { errorMessage } from '../../http/error-codes.js';

/**
 * What better-auth answers, made fit for page scripts: session tokens live only in the HttpOnly
 * cookie, and a sign-up does not say in so many words that an email already has an account.
 */

/** better-auth's error codes for a sign-up whose email already has an account. */
const EXISTING_ACCOUNT_CODE = /^USER_ALREADY_EXISTS/;

export const SIGN_UP_REFUSED = errorMessage('SIGN_UP_REFUSED');
export const SIGN_UP_RATE_LIMITED = errorMessage('SIGN_UP_THROTTLED');

interface AuthReply {
  status: number;
  body: unknown;
}

/** A JSON value without any `token` member, at any depth (sessions carry theirs in `session.token`). */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  );
}

const errorCode = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string' ? body.code : null;

/**
 * The reply the browser gets for one better-auth JSON answer. `path` is the decoded request path;
 * the sign-up rules are keyed on it and on better-auth's error code.
 */
export function publicAuthReply(path: string, reply: AuthReply): AuthReply {
  const signingUp = path.endsWith('/sign-up/email');
  if (signingUp && reply.status === 429)
    return { status: 429, body: { error: SIGN_UP_RATE_LIMITED, code: 'SIGN_UP_THROTTLED' } };
  // The per-address ceiling answers as the per-account limit does: the same words, whichever held.
  if (path.endsWith('/sign-in/email') && reply.status === 429)
    return { status: 429, body: { error: errorMessage('SIGN_IN_THROTTLED'), code: 'SIGN_IN_THROTTLED' } };
  // Without outgoing mail this cannot be hidden (a new email signs straight in); it is only not spelled out.
  if (reply.status === 422 && EXISTING_ACCOUNT_CODE.test(errorCode(reply.body) ?? '')) {
    return { status: 400, body: { error: SIGN_UP_REFUSED, code: 'SIGN_UP_REFUSED' } };
  }
  return { status: reply.status, body: withoutTokens(reply.body) };
}
