import type { AdminNewPassword, AdminSession } from '@sayso/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminSessionKey } from './admin-session';

/** Replaces the one-time password this session was opened with; the answer is the session, now open. */
export const chooseAdminPassword = (password: string): Promise<AdminSession> =>
  apiRequest<AdminSession>('/admin/password', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password } satisfies AdminNewPassword),
  });

export function useChooseAdminPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseAdminPassword,
    onSuccess: (session) => queryClient.setQueryData(adminSessionKey, session),
  });
}
