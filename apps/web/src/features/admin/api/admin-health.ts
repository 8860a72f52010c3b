import type { HealthReport } from '@sayso/contract/site';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const adminHealthKey = ['admin', 'health'] as const;

/** The Health page reads the report this often while it is open and the tab is visible. */
export const HEALTH_POLL_MS = 5000;

export const getAdminHealth = (): Promise<HealthReport> => apiRequest<HealthReport>('/admin/health');

export const adminHealthQuery = queryOptions({
  queryKey: adminHealthKey,
  queryFn: getAdminHealth,
  retry: false,
  // Kept polling after a failure too: a server that comes back shows up without a click.
  refetchInterval: HEALTH_POLL_MS,
});
