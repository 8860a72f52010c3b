import type { ApiKeyCreate, ApiKeyCreated } from '@sayso/contract/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiKeysQuery } from './list-api-keys';

export const createApiKey = (request: ApiKeyCreate): Promise<ApiKeyCreated> =>
  apiRequest<ApiKeyCreated>('/api-keys', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });

/** Creates a key, then reads the list again so the new key shows in it. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}
