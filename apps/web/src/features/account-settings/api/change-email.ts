import type { AccountProfile, EmailChange } from '@sayso/contract/account-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/account/get-me';
import { sendJson } from './post-json';
import { profileQuery } from './profile';

export const changeEmail = (change: EmailChange) => sendJson<AccountProfile>('/account/email', 'POST', change);

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
