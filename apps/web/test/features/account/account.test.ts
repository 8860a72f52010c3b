import { describe, expect, it } from 'vitest';
import { initialsOf } from '@/features/account/components/user-avatar';
import { parseAccountSnapshot } from '@/features/account/hooks/use-account-events';
import { identityOf } from '@/features/account/hooks/use-account-identity';
import { accountFigures } from '@/lib/account/account-figures';
import type { Me } from '@/lib/account/get-me';

describe('parseAccountSnapshot', () => {
  it('reads an account event', () => {
    const data = '{"credits":9000,"balance":12.5,"currency":"PKR","totalCreditsUsed":1000}';
    expect(parseAccountSnapshot(data)).toEqual({
      credits: 9000,
      balance: 12.5,
      currency: 'PKR',
      totalCreditsUsed: 1000,
    });
  });

  it('ignores events that are not JSON or miss a figure', () => {
    expect(parseAccountSnapshot('not json')).toBeNull();
    expect(parseAccountSnapshot('null')).toBeNull();
    expect(parseAccountSnapshot('{"credits":"9000","balance":1,"currency":"PKR","totalCreditsUsed":0}')).toBeNull();
    expect(parseAccountSnapshot('{"credits":9000,"balance":1,"totalCreditsUsed":0}')).toBeNull();
  });
});

describe('accountFigures', () => {
  it('fills missing figures with the defaults: 10,000 credits, 0 used, 0 PKR', () => {
    const me = { credits: undefined, totalCreditsUsed: null, balance: null, currency: '' } as unknown as Me;
    expect(accountFigures(me)).toEqual({ credits: 10_000, totalCreditsUsed: 0, balance: 0, currency: 'PKR' });
  });

  it('keeps a real balance of 0 credits', () => {
    const me = { credits: 0, totalCreditsUsed: 10_000, balance: 5, currency: 'PKR' } as Me;
    expect(accountFigures(me).credits).toBe(0);
  });
});

describe('identityOf and initialsOf', () => {
  it('prefers the display name, then the name, then the start of the email', () => {
    expect(identityOf({ email: 'a@b.c', displayName: 'Ada Lovelace', name: 'Ada' })).toMatchObject({
      name: 'Ada Lovelace',
      firstName: 'Ada',
    });
    expect(identityOf({ email: 'a@b.c', displayName: ' ', name: 'Grace Hopper' }).name).toBe('Grace Hopper');
    expect(identityOf({ email: 'ada.l@b.c', displayName: null, name: null })).toMatchObject({
      name: 'ada.l',
      firstName: null,
    });
  });

  it('takes the first and last initials', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('ada.lovelace')).toBe('AL');
  });
});
