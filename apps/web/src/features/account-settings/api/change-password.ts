import type { PasswordChange, PasswordChanged } from '@sayso/contract/account-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from './post-json';
import { sessionsQuery } from './sessions';

export const changePassword = (change: PasswordChange) =>
  sendJson<PasswordChanged>('/account/password', 'POST', change);

/** Other sessions end with the change, so the sessions list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
