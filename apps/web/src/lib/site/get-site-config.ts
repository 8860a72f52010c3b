import type { PublicConfig } from '@sayso/contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getSiteConfig = () => apiRequest<PublicConfig>('/config');

export const siteConfigQuery = queryOptions({ queryKey: ['site-config'], queryFn: getSiteConfig, staleTime: Infinity });

export const useSiteConfig = () => useQuery(siteConfigQuery);
