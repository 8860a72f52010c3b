import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  checkAmount,
  INVALID_AMOUNT_MESSAGE,
  OVER_BALANCE_MESSAGE,
  roundMoney,
} from '@/features/admin/lib/amount';

describe('checkAmount', () => {
  it.each([
    ['500', 500],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['12.', 12],
    ['1250.75', 1250.75],
    [' 42 ', 42],
    ['007', 7],
  ])('accepts %j as %d', (input, amount) => {
    expect(checkAmount(input)).toEqual({ ok: true, amount });
  });

  it.each(['', '   ', '0', '0.00', '.', '-5', '+5', '1e3', '12abc', 'abc', '1,000', '1.2.3', '1.005', 'Infinity'])(
    'refuses %j with the spec message',
    (input) => {
      expect(checkAmount(input)).toEqual({ ok: false, error: INVALID_AMOUNT_MESSAGE });
    },
  );

  it('refuses more than one balance change may move, as the server does', () => {
    expect(checkAmount('1000000000')).toEqual({ ok: true, amount: 1_000_000_000 });
    for (const input of ['1000000000.01', '9007199254740992']) {
      expect(checkAmount(input)).toEqual({ ok: false, error: 'The amount can be at most 1,000,000,000' });
    }
  });

  it('refuses a deduction above the current balance', () => {
    expect(checkAmount('100.01', { max: 100 })).toEqual({ ok: false, error: OVER_BALANCE_MESSAGE });
    expect(checkAmount('101', { max: 100 })).toEqual({ ok: false, error: 'Cannot deduct more than current balance' });
  });

  it('allows deducting exactly the whole balance, compared in paisa', () => {
    expect(checkAmount('100', { max: 100 })).toEqual({ ok: true, amount: 100 });
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; the balance is still 30 paisa.
    expect(checkAmount('0.3', { max: 0.1 + 0.2 })).toEqual({ ok: true, amount: 0.3 });
  });

  it('reports an invalid amount before an excessive one', () => {
    expect(checkAmount('abc', { max: 0 })).toEqual({ ok: false, error: INVALID_AMOUNT_MESSAGE });
  });
});

describe('balanceAfter', () => {
  it('adds and deducts in whole paisa', () => {
    expect(balanceAfter('add', 0.1, 0.2)).toBe(0.3);
    expect(balanceAfter('deduct', 500, 200)).toBe(300);
    expect(balanceAfter('deduct', 1250.5, 0.25)).toBe(1250.25);
  });

  it('rounds to two decimals', () => {
    expect(roundMoney(2.345678)).toBe(2.35);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });
});
