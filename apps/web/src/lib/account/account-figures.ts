import type { AccountFigures } from '@sayso/contract/account';
import type { Me } from '@/lib/account/get-me';

/** New accounts start with this many credits, and it stands in when credits are missing (spec sections 4, 9). */
export const DEFAULT_CREDITS = 10_000;
export const DEFAULT_CURRENCY = 'PKR';

/** The numbers the top bar shows for a loaded account, with the spec's defaults filling any gap. */
export function accountFigures(me: Me): AccountFigures {
  return {
    credits: me.credits ?? DEFAULT_CREDITS,
    totalCreditsUsed: me.totalCreditsUsed ?? 0,
    balance: me.balance ?? 0,
    currency: me.currency || DEFAULT_CURRENCY,
  };
}
