import type { AccountFigures } from '@sayso/contract/account';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQuery } from '@/lib/account/get-me';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The figures of an `account` event, which GET /api/me/events pushes whenever they change; null when malformed. */
export function parseAccountSnapshot(data: string): AccountFigures | null {
  try {
    const value = JSON.parse(data) as Partial<Record<keyof AccountFigures, unknown>> | null;
    if (!value || !isNumber(value.credits) || !isNumber(value.balance) || !isNumber(value.totalCreditsUsed)) {
      return null;
    }
    if (typeof value.currency !== 'string') return null;
    return {
      credits: value.credits,
      balance: value.balance,
      currency: value.currency,
      totalCreditsUsed: value.totalCreditsUsed,
    };
  } catch {
    return null;
  }
}

/**
 * Keeps the cached account live (the spec's credits subscription): each `account` event from the
 * server is written into the `me` query. EventSource reconnects by itself after a drop.
 */
export function useAccountEvents({ enabled = true }: { enabled?: boolean } = {}): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Some environments (tests, old browsers) have no EventSource; the figures then refresh on reload.
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/me/events');
    const onAccount = (event: MessageEvent<string>) => {
      const snapshot = parseAccountSnapshot(event.data);
      if (!snapshot) return;
      queryClient.setQueryData(meQuery.queryKey, (me) => (me ? { ...me, ...snapshot } : me));
    };
    source.addEventListener('account', onAccount);
    return () => {
      source.removeEventListener('account', onAccount);
      source.close();
    };
  }, [queryClient, enabled]);
}
