import { formatCredits, formatMoney } from '@/lib/format';
import type { BalanceAction } from './amount';

/** The admin panel's notices, worded as in spec section 8. */

export const usersLoadErrorText = (message: string): string => `Error loading users: ${message}`;

export function balanceErrorText(action: BalanceAction, message: string): string {
  return action === 'add' ? `Error adding balance: ${message}` : `Error deducting balance: ${message}`;
}

export function balanceChangedText(action: BalanceAction, amount: number, currency: string, username: string): string {
  const money = formatMoney(amount, currency);
  return action === 'add'
    ? `Successfully added ${money} to ${username}'s account`
    : `Successfully deducted ${money} from ${username}'s account`;
}

export function defaultCreditsGrantedText(granted: number, defaultCredits: number): string {
  if (granted === 0) return 'Every user already has their default credits';
  return `Gave ${formatCredits(defaultCredits)} credits to ${formatCredits(granted)} user(s)`;
}

export const defaultCreditsErrorText = (message: string): string => `Error giving default credits: ${message}`;
