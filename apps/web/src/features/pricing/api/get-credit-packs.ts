import type { CreditPackList } from '@sayso/contract/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getCreditPacks = () => apiRequest<CreditPackList>('/credit-packs').then((r) => r.packs);

export const creditPacksQuery = queryOptions({
  queryKey: ['credit-packs'],
  queryFn: getCreditPacks,
  staleTime: 5 * 60_000,
});

export const useCreditPacks = () => useQuery(creditPacksQuery);
