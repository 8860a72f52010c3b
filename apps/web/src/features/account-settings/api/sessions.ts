import type { AccountSession, AccountSessionList } from '@sayso/contract/account-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getSessions = async (): Promise<AccountSession[]> =>
  (await apiRequest<AccountSessionList>('/account/sessions')).sessions;

export const sessionsQuery = queryOptions({ queryKey: ['account', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQuery);
