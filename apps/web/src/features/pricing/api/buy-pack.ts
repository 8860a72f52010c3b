import type { PurchaseRequest, PurchaseResult } from '@sayso/contract/pricing';
import { useMutation } from '@tanstack/react-query';
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

/** The purchase as a mutation: pending while the server takes the price and adds the credits. */
export const useBuyPack = () =>
  useMutation({ mutationFn: ({ packId, idempotencyKey }: PurchaseRequest) => buyPack(packId, idempotencyKey) });
