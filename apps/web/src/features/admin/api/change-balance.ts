import type { BalanceAmount, BalanceChange } from '@sayso/contract/admin';
import { apiRequest } from '@/lib/api-client';
import type { BalanceAction } from '../lib/amount';

/**
 * Adds to or deducts from a user's money balance, with the payment's reference stored on the
 * ledger row; the server refuses to go below zero (402).
 */
export const changeBalance = (uid: string, action: BalanceAction, amount: number, reference: string) =>
  apiRequest<BalanceChange>(`/admin/users/${encodeURIComponent(uid)}/balance/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount, ...(reference ? { reference } : {}) } satisfies BalanceAmount),
  });
