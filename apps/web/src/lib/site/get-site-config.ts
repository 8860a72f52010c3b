import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface SiteConfig {
  productName: string;
  chatNumber: string | null;
  supportEmail: string;
}

export const getSiteConfig = () => apiRequest<SiteConfig>('/config');

export const siteConfigQuery = queryOptions({ queryKey: ['site-config'], queryFn: getSiteConfig, staleTime: Infinity });

export const useSiteConfig = () => useQuery(siteConfigQuery);
