/** What the sign-in popup tells the window that opened it. */
export type SignInMessage = { type: 'sayso:sign-in'; ok: true } | { type: 'sayso:sign-in'; ok: false; error: string };

export function isSignInMessage(data: unknown): data is SignInMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  if (message.type !== 'sayso:sign-in') return false;
  return message.ok === true || (message.ok === false && typeof message.error === 'string');
}

/** better-auth sends the popup back with ?error=<code>; these codes get words a person can act on. */
const OAUTH_ERRORS: Record<string, string> = {
  state_mismatch: 'The sign-in request expired or was tampered with. Please try again.',
  please_restart_the_process: 'The sign-in request expired. Please try again.',
  invalid_callback_request: 'The identity provider sent an invalid answer. Please try again.',
  unable_to_get_user_info: 'The identity provider did not confirm who you are. Please try again.',
  access_denied: 'Access was denied at the identity provider.',
};

export function describeOAuthError(code: string): string {
  return OAUTH_ERRORS[code] ?? `Login failed (${code.replaceAll('_', ' ')})`;
}
