import type { AccountProfile } from '@sayso/contract/account-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getProfile = () => apiRequest<AccountProfile>('/account/profile');

export const profileQuery = queryOptions({ queryKey: ['account', 'profile'], queryFn: getProfile });

export const useProfile = () => useQuery(profileQuery);
