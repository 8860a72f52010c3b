import { MAX_BALANCE_CHANGE } from '@sayso/contract/admin';

export const INVALID_AMOUNT_MESSAGE = 'Please enter a valid amount';
export const TOO_LARGE_MESSAGE = `The amount can be at most ${MAX_BALANCE_CHANGE.toLocaleString('en-US')}`;
export const OVER_BALANCE_MESSAGE = 'Cannot deduct more than current balance';

// Digits with an optional decimal point (spec section 5): no sign, no exponent, no separators.
const AMOUNT_PATTERN = /^(\d+\.?\d*|\.\d+)$/;
// Money is kept in whole paisa, so a third decimal could not be honoured exactly.
const MAX_DECIMALS = 2;

export type AmountCheck = { ok: true; amount: number } | { ok: false; error: string };

const toPaisa = (amount: number) => Math.round(amount * 100);

/** Rounds to whole paisa, so 0.1 + 0.2 shows as 0.3. */
export const roundMoney = (amount: number): number => toPaisa(amount) / 100;

/**
 * Reads what the admin typed in the amount box. A deduction passes the current balance as `max`.
 * Empty, zero, non-numeric or over-precise input is 'Please enter a valid amount'.
 */
export function checkAmount(input: string, { max }: { max?: number } = {}): AmountCheck {
  const text = input.trim();
  if (!AMOUNT_PATTERN.test(text)) return { ok: false, error: INVALID_AMOUNT_MESSAGE };
  const decimals = text.split('.')[1] ?? '';
  if (decimals.length > MAX_DECIMALS) return { ok: false, error: INVALID_AMOUNT_MESSAGE };
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount <= 0) return { ok: false, error: INVALID_AMOUNT_MESSAGE };
  if (amount > MAX_BALANCE_CHANGE) return { ok: false, error: TOO_LARGE_MESSAGE };
  if (max !== undefined && toPaisa(amount) > toPaisa(max)) return { ok: false, error: OVER_BALANCE_MESSAGE };
  return { ok: true, amount };
}

export type BalanceAction = 'add' | 'deduct';

/** The balance after the change, as the confirmation step shows it. */
export const balanceAfter = (action: BalanceAction, balance: number, amount: number): number =>
  roundMoney(action === 'add' ? balance + amount : balance - amount);
