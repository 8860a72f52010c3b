import type { ApiKey, ApiKeyList } from '@sayso/contract/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getApiKeys = async (): Promise<ApiKey[]> => (await apiRequest<ApiKeyList>('/api-keys')).keys;

export const apiKeysQuery = queryOptions({
  queryKey: ['api-keys'],
  queryFn: getApiKeys,
  // Keys are used from scripts elsewhere: coming back to the tab shows fresh last-used times and usage.
  refetchOnWindowFocus: true,
});

export const useApiKeys = () => useQuery(apiKeysQuery);
