import { MAX_PAYMENT_REFERENCE_LENGTH, PAYMENT_REFERENCE_REQUIRED_MESSAGE } from '@sayso/contract/admin';
import type { BalanceAction } from './amount';

export const REFERENCE_TOO_LONG_MESSAGE = `The payment reference can be at most ${MAX_PAYMENT_REFERENCE_LENGTH} characters`;

export type ReferenceCheck = { ok: true; reference: string } | { ok: false; error: string };

/**
 * Reads the payment reference the admin typed. A top-up follows a payment, so it needs the
 * payment's reference (decision 0053); on a deduction it is an optional note (a refund's id).
 */
export function checkReference(input: string, action: BalanceAction): ReferenceCheck {
  const reference = input.trim();
  if (action === 'add' && reference === '') return { ok: false, error: PAYMENT_REFERENCE_REQUIRED_MESSAGE };
  if (reference.length > MAX_PAYMENT_REFERENCE_LENGTH) return { ok: false, error: REFERENCE_TOO_LONG_MESSAGE };
  return { ok: true, reference };
}
