import type { UserDocument } from '@sayso/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** The figures the spec fills in with a default when they are missing, so the screen must cope with a gap. */
type DefaultedFigure = 'credits' | 'totalCreditsUsed' | 'balance' | 'currency';

/** The signed-in user's document (spec section 3), as GET /api/me returns it. */
export type Me = Omit<UserDocument, DefaultedFigure> & { [Figure in DefaultedFigure]?: UserDocument[Figure] | null };

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
