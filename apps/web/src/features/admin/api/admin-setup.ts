import type { SetupChecklist } from '@sayso/contract/setup';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const adminSetupKey = ['admin', 'setup'] as const;

/** The first-run checklist; read again on every visit to the panel, since an install on the Models page changes it. */
export const adminSetupQuery = queryOptions({
  queryKey: adminSetupKey,
  queryFn: () => apiRequest<SetupChecklist>('/admin/setup'),
  retry: false,
  staleTime: 0,
});
