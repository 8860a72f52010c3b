import type { AccountProfile, ProfileUpdate } from '@sayso/contract/account-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/account/get-me';
import { sendJson } from './post-json';
import { profileQuery } from './profile';

export const updateName = (update: ProfileUpdate) => sendJson<AccountProfile>('/account/profile', 'PATCH', update);

/** Renames the account; the page and the top bar show the new name at once. */
export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
