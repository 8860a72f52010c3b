import type { PurchaseRequest, PurchaseResult } from '@sayso/contract/pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQuery } from '@/lib/account/get-me';
import { apiRequest } from '@/lib/api-client';

/**
 * Buys a pack with the money balance. The key makes a retry (a double click, a dropped
 * connection) return the first purchase instead of buying twice.
 */
export const buyPack = (packId: string, idempotencyKey: string) =>
  apiRequest<PurchaseResult>('/purchases', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ packId, idempotencyKey } satisfies PurchaseRequest),
  });

/**
 * The purchase as a mutation: pending while the server takes the price and adds the credits. The
 * answer carries the new credits and balance, so they go straight into the cached account: the
 * next screen's top bar shows them at once instead of the old figures until its refetch returns.
 */
export function useBuyPack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ packId, idempotencyKey }: PurchaseRequest) => buyPack(packId, idempotencyKey),
    onSuccess: (result) => {
      queryClient.setQueryData(meQuery.queryKey, (me) =>
        me ? { ...me, credits: result.creditsAfter, balance: result.balance, currency: result.currency } : me,
      );
      // The server stays the source of truth: anything else that changed is read again.
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
}
