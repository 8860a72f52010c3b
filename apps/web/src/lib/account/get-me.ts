import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

export interface BalanceHistoryEntry {
  amount: number;
  previousBalance: number;
  newBalance: number;
  type: 'credit' | 'debit';
  addedBy?: string;
  reason?: string;
  timestamp: string;
}

/** The signed-in user's document (spec section 3), as GET /api/me returns it. */
export interface Me {
  uid: string;
  email: string;
  displayName: string | null;
  name: string | null;
  photo: string | null;
  lastLoginAt: string | null;
  /** The spec fills in missing credits with the default, so the screen must cope with a gap here. */
  credits: number | null | undefined;
  totalCreditsUsed: number | null | undefined;
  balance: number | null | undefined;
  currency: string | null | undefined;
  balanceHistory: BalanceHistoryEntry[];
  createdAt: string;
  lastUpdated: string;
}

export const getMe = () => apiRequest<Me>('/me');

export const meQueryKey = ['me'] as const;

/** A 401 means the server session is gone; asking again will not bring it back. */
export const isSignedOutError = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: getMe,
  retry: (failureCount, error) => !isSignedOutError(error) && failureCount < 1,
});

export const useMe = () => useQuery(meQuery);
