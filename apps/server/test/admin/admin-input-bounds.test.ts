import { describe, expect, it } from 'vitest';
import { ADMIN, adminCookie, appWithAdmin } from '../helpers/admin.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

const TOO_LARGE = 'The amount can be at most 1,000,000,000';

describe('admin input bounds', () => {
  it('refuses a balance change too large for money with a 400, not a crash', async () => {
    const app = await appWithAdmin();
    const cookie = await adminCookie(app);
    const { userId } = await signedInUser(app);
    const change = (action: 'add' | 'deduct', amount: number) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/users/${userId}/balance/${action}`,
        headers: { origin: ORIGIN, cookie },
        payload: { amount },
      });
    for (const action of ['add', 'deduct'] as const) {
      for (const amount of [9007199254740992, 1e300, 1_000_000_000.01]) {
        const response = await change(action, amount);
        expect(response.statusCode, `${action} ${amount}`).toBe(400);
        expect(response.json()).toEqual({ error: TOO_LARGE, code: 'VALIDATION_FAILED' });
      }
    }
    expect((await change('add', 1_000_000_000)).json()).toMatchObject({ balance: 1_000_000_000 });
  });

  it('refuses an addition that would take a balance past what an account can hold', async () => {
    const app = await appWithAdmin();
    const cookie = await adminCookie(app);
    const { userId } = await signedInUser(app);
    await app.db.updateTable('user_accounts').set({ balance: 999_999_999_999 }).where('user_id', '=', userId).execute();
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/balance/add`,
      headers: { origin: ORIGIN, cookie },
      payload: { amount: 1_000_000_000 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'This would take the balance above the most an account can hold',
      code: 'BALANCE_TOO_LARGE',
    });
  });

  it('answers oversized search and paging values with clear 400s', async () => {
    const app = await appWithAdmin();
    const cookie = await adminCookie(app);
    const list = (query: string) =>
      app.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: { cookie } });
    const hugeSearch = await list(`search=${'a'.repeat(1024 * 1024)}`);
    expect(hugeSearch.statusCode).toBe(400);
    expect(hugeSearch.json()).toEqual({
      error: 'Search text can be at most 200 characters',
      code: 'VALIDATION_FAILED',
    });
    for (const page of ['9007199254740993', '1e300', '0', '-1', '1.5']) {
      const response = await list(`page=${page}`);
      expect(response.statusCode, `page=${page}`).toBe(400);
      expect(response.json()).toEqual({
        error: 'Page must be a whole number from 1 to 1,000,000',
        code: 'VALIDATION_FAILED',
      });
    }
    const pageSize = await list('pageSize=101');
    expect(pageSize.statusCode).toBe(400);
    expect(pageSize.json()).toEqual({
      error: 'Page size must be a whole number from 1 to 100',
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers an oversized admin sign-in with a 400 before any password hashing', async () => {
    const app = await appWithAdmin();
    const sign = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/admin/session', headers: { origin: ORIGIN }, payload });
    const longPassword = await sign({ username: ADMIN.username, password: 'x'.repeat(100_000) });
    expect(longPassword.statusCode).toBe(400);
    expect(longPassword.json()).toEqual({
      error: 'Password can be at most 1024 characters',
      code: 'VALIDATION_FAILED',
    });
    const longName = await sign({ username: 'u'.repeat(100_000), password: 'whatever' });
    expect(longName.statusCode).toBe(400);
    expect(longName.json()).toEqual({ error: 'Username can be at most 100 characters', code: 'VALIDATION_FAILED' });
  });
});
