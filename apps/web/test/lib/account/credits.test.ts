import { afterEach, describe, expect, it, vi } from 'vitest';
import { chargedCharacters, creditCost, hasEnoughCredits, readCredits } from '@/lib/account/credits';

function serverAnswers(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('credits in the browser', () => {
  it('cost one credit per trimmed character, at least one', () => {
    expect(creditCost('  hi there ')).toBe(8);
    expect(creditCost('')).toBe(1);
    expect(creditCost(null)).toBe(1);
  });

  it('count the characters that are charged for as the server does: trimmed, an emoji as one', () => {
    expect(chargedCharacters('     ')).toBe(0);
    expect(chargedCharacters('\n\t hi there \n')).toBe(8);
    expect(chargedCharacters('Hi 👋')).toBe(4);
  });

  it('read the credits from the account, 0 when the read fails', async () => {
    serverAnswers(200, { credits: 1234 });
    expect(await readCredits()).toBe(1234);
    serverAnswers(500, { error: 'Internal server error' });
    expect(await readCredits()).toBe(0);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(await readCredits()).toBe(0);
  });

  it('answer whether the credits cover a cost, false when they cannot be read', async () => {
    serverAnswers(200, { credits: 100 });
    expect(await hasEnoughCredits(100)).toBe(true);
    expect(await hasEnoughCredits(101)).toBe(false);
    serverAnswers(401, { error: 'User not authenticated. Please log in again.' });
    expect(await hasEnoughCredits(1)).toBe(false);
  });
});
