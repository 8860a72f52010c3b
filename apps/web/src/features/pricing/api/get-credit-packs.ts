import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface CreditPack {
  id: string;
  credits: number;
  price: number;
  currency: string;
  features: string[];
}

export const getCreditPacks = () => apiRequest<{ packs: CreditPack[] }>('/credit-packs').then((r) => r.packs);

export const creditPacksQuery = queryOptions({
  queryKey: ['credit-packs'],
  queryFn: getCreditPacks,
  staleTime: 5 * 60_000,
});

export const useCreditPacks = () => useQuery(creditPacksQuery);
