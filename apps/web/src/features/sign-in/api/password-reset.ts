import { apiRequest } from '@/lib/api-client';

const postJson = <T>(path: string, body: unknown) =>
  apiRequest<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Where the mailed link lands, with its token, to choose the new password. */
export const RESET_PAGE_PATH = '/reset-password';

/** Asks for a reset link by mail; the answer is the same whether the email has an account or not. */
export const requestPasswordReset = (email: string) =>
  postJson<unknown>('/auth/request-password-reset', {
    email,
    redirectTo: `${window.location.origin}${RESET_PAGE_PATH}`,
  });

/** Sets the new password with the token the link carried; it signs out every session. */
export const resetPassword = (token: string, newPassword: string) =>
  postJson<unknown>('/auth/reset-password', { token, newPassword });
