import { useMutation } from '@tanstack/react-query';
import { useEndSession } from '@/features/account/hooks/use-end-session';
import { apiRequest } from '@/lib/api-client';

export const signOut = async (): Promise<void> => {
  await apiRequest<unknown>('/auth/sign-out', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
};

/** Ends the server session, then leaves the signed-in area whether or not the server answered. */
export function useSignOut() {
  const endSession = useEndSession();
  return useMutation({ mutationFn: signOut, onSettled: endSession });
}
