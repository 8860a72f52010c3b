import type { AccountBilling } from '@sayso/contract/account-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getBilling = () => apiRequest<AccountBilling>('/account/billing');

export const billingQuery = queryOptions({ queryKey: ['account', 'billing'], queryFn: getBilling });

export const useBilling = () => useQuery(billingQuery);
