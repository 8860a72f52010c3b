import type { AccountDeleted, AccountDeletion } from '@sayso/contract/account-settings';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from './post-json';

export const deleteAccount = (deletion: AccountDeletion) =>
  sendJson<AccountDeleted>('/account/delete', 'POST', deletion);

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
