import { describe, expect, it } from 'vitest';
import {
  balanceChangedText,
  balanceErrorText,
  defaultCreditsGrantedText,
  usersLoadErrorText,
} from '@/features/admin/lib/toast-text';

describe('admin toast texts', () => {
  it('prefixes load and balance errors with what failed', () => {
    expect(usersLoadErrorText('Internal server error')).toBe('Error loading users: Internal server error');
    expect(balanceErrorText('add', 'User not found')).toBe('Error adding balance: User not found');
    expect(balanceErrorText('deduct', 'Insufficient balance')).toBe('Error deducting balance: Insufficient balance');
  });

  it('names the amount, currency and account of a balance change', () => {
    expect(balanceChangedText('add', 500, 'PKR', 'Local Tester')).toBe(
      "Successfully added 500 PKR to Local Tester's account",
    );
    expect(balanceChangedText('deduct', 200, 'PKR', 'Local Tester')).toBe(
      "Successfully deducted 200 PKR from Local Tester's account",
    );
  });

  it('shows amounts with up to two decimals', () => {
    expect(balanceChangedText('add', 12.5, 'PKR', 'Ada')).toBe("Successfully added 12.5 PKR to Ada's account");
    expect(balanceChangedText('deduct', 0.05, 'PKR', 'Ada')).toBe("Successfully deducted 0.05 PKR from Ada's account");
  });

  it('tells how many users got default credits, or that none needed them', () => {
    expect(defaultCreditsGrantedText(3, 10_000)).toBe('Gave 10,000 credits to 3 user(s)');
    expect(defaultCreditsGrantedText(0, 10_000)).toBe('Every user already has their default credits');
  });
});
