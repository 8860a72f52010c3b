import { describe, expect, it } from 'vitest';
import { readSessionUser } from '@/lib/account/session-user';
import { chatLink, topUpMessage } from '@/lib/chat-link';
import { formatMoney } from '@/lib/format';

const cookieOf = (value: unknown) => `theme=light; user=${encodeURIComponent(JSON.stringify(value))}; other=1`;

describe('readSessionUser', () => {
  it('reads the user cookie', () => {
    const user = { uid: 'u1', email: 'a@b.c', name: 'Ada', photo: null };
    expect(readSessionUser(cookieOf(user))).toEqual(user);
  });

  it('returns null without a cookie, or with one that is malformed or incomplete', () => {
    expect(readSessionUser('theme=light')).toBeNull();
    expect(readSessionUser('user=%7Bnot-json')).toBeNull();
    expect(readSessionUser(cookieOf({ uid: 'u1' }))).toBeNull();
  });
});

describe('chat links and money', () => {
  it('builds a chat link with the prefilled top-up message and the account email', () => {
    const link = chatLink('923001234567', topUpMessage('ada@example.com'));
    expect(link.startsWith('https://wa.me/923001234567?text=')).toBe(true);
    expect(decodeURIComponent(link.split('text=')[1] ?? '')).toContain('ada@example.com');
  });

  it('shows balances with at most two decimals', () => {
    expect(formatMoney(1234.5, 'PKR')).toBe('1,234.5 PKR');
    expect(formatMoney(10.126, 'PKR')).toBe('10.13 PKR');
    expect(formatMoney(0, 'PKR')).toBe('0 PKR');
  });
});
