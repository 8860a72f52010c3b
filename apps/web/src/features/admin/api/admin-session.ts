import type { AdminSession, AdminSignIn } from '@sayso/contract/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

export type Admin = AdminSession['admin'];

export const adminSessionKey = ['admin', 'session'] as const;

/** Everything the panel caches; forgotten at logout so the next admin starts clean. */
export const adminKey = ['admin'] as const;

export const isAdminSignedOutError = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/**
 * The admin session, or null: a 401 is the logged-out state, not a failure. A session opened with a
 * one-time password says `mustChangePassword`, and the panel shows only the new-password form.
 */
export async function getAdminSession(): Promise<AdminSession | null> {
  try {
    return await apiRequest<AdminSession>('/admin/session');
  } catch (error) {
    if (isAdminSignedOutError(error)) return null;
    throw error;
  }
}

export const adminSessionQuery = queryOptions({
  queryKey: adminSessionKey,
  queryFn: getAdminSession,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const useAdminSession = () => useQuery(adminSessionQuery);

/** The sign-in body as the login form sends it: both fields always (the contract lets the server word a missing one). */
export type AdminCredentials = Required<AdminSignIn>;

export const signInAdmin = (credentials: AdminCredentials): Promise<AdminSession> =>
  apiRequest<AdminSession>('/admin/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });

export function useSignInAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInAdmin,
    onSuccess: (session) => queryClient.setQueryData(adminSessionKey, session),
  });
}

/** DELETE answers 204 with no body, which apiRequest (it always reads JSON) cannot take. */
export async function signOutAdmin(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/admin/session', { method: 'DELETE', credentials: 'same-origin' });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, null, NETWORK_ERROR_CODE);
  }
  // 401: the session had already ended, which is what logging out wants.
  if (!response.ok && response.status !== 401)
    throw new ApiError(`Logout failed (${response.status})`, response.status);
}

export function useSignOutAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOutAdmin, onSuccess: () => forgetAdmin(queryClient) });
}

/** Back to the login form: the session is gone and the cached lists with it. */
export function forgetAdmin(queryClient: ReturnType<typeof useQueryClient>): void {
  queryClient.removeQueries({ queryKey: ['admin', 'users'] });
  queryClient.setQueryData(adminSessionKey, null);
}
