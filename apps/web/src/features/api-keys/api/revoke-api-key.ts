import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiKeysQuery } from './list-api-keys';

export const revokeApiKey = (keyId: string): Promise<{ success: true }> =>
  apiRequest<{ success: true }>(`/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' });

/** Revokes a key; the mutation stays pending until the list has been read again, so it shows as revoked at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}
