import { describe, expect, it } from 'vitest';
import { adminCookie, appWithAdmin } from '../helpers/admin.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

describe('credit-pack purchases over HTTP', () => {
  it('needs a session, refuses when the balance is short, and buys once per key', async () => {
    const app = await appWithAdmin();
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { origin: ORIGIN },
      payload: { packId: 'starter', idempotencyKey: 'key-00000001' },
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await signedInUser(app);
    const buy = (packId: string, idempotencyKey: string) =>
      app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: { origin: ORIGIN, cookie: user.cookie },
        payload: { packId, idempotencyKey },
      });
    const short = await buy('starter', 'key-00000002');
    expect(short.statusCode).toBe(402);
    expect(short.json()).toEqual({ error: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' });
    expect((await buy('platinum', 'key-00000003')).json()).toEqual({
      error: 'Credit pack not found',
      code: 'PACK_NOT_FOUND',
    });

    const admin = await adminCookie(app);
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/balance/add`,
      headers: { origin: ORIGIN, cookie: admin },
      payload: { amount: 3_000 },
    });
    const first = await buy('starter', 'key-00000004');
    expect(first.json()).toMatchObject({ packId: 'starter', credits: 1_000_000, price: 3_000, balance: 0 });
    expect((first.json() as { creditsAfter: number }).creditsAfter).toBe(1_010_000);
    expect((await buy('starter', 'key-00000004')).json()).toEqual(first.json());
    await expectLedgerInvariants(app.db);
  });
});
