import type { AdminUserDetail } from '@sayso/contract/admin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { userLedger } from '../../src/domains/accounts/index.js';
import { adminCookie, appWithAdmin } from '../helpers/admin.js';
import { apiUser } from '../helpers/api-keys.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { ORIGIN, signedInUser, signIn } from '../helpers/sessions.js';

const PASSWORD = 'correct horse battery';

async function post(app: FastifyInstance, cookie: string, url: string, payload?: object) {
  return app.inject({ method: 'POST', url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });
}

async function detailOf(app: FastifyInstance, cookie: string, uid: string): Promise<AdminUserDetail> {
  const response = await app.inject({ method: 'GET', url: `/api/admin/users/${uid}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminUserDetail;
}

const modelsWith = (app: FastifyInstance, secret: string) =>
  app.inject({ method: 'GET', url: '/openai/v1/models', headers: { authorization: `Bearer ${secret}` } });

describe('staff self-service', () => {
  it('stores a top-up’s payment reference on its ledger row, where the user view and the ledger read show it', async () => {
    const app = await appWithAdmin();
    const staff = await adminCookie(app);
    const user = await signedInUser(app);
    const base = `/api/admin/users/${user.userId}/balance`;

    const added = await post(app, staff, `${base}/add`, { amount: 1500, reference: '  JazzCash TX-88412  ' });
    expect(added.statusCode, added.body).toBe(200);
    const deducted = await post(app, staff, `${base}/deduct`, { amount: 200, reference: '' });
    expect(deducted.statusCode, deducted.body).toBe(200);

    const { ledger, user: figures } = await detailOf(app, staff, user.userId);
    expect(figures.balance).toBe(1300);
    const money = ledger.filter((row) => row.asset === 'money');
    expect(money).toMatchObject([
      { kind: 'admin_deduct', amount: -200, balanceAfter: 1300, paymentReference: null },
      { kind: 'admin_add', amount: 1500, balanceBefore: 0, balanceAfter: 1500, actor: 'Admin' },
    ]);
    // Trimmed; blank counts as none.
    expect(money[1]?.paymentReference).toBe('JazzCash TX-88412');
    // The same rows, reference included, through the read /account's billing list uses.
    const own = await userLedger(app.db, user.userId, { limit: 10, asset: 'money' });
    expect(own.map((row) => row.paymentReference)).toEqual([null, 'JazzCash TX-88412']);
    await expectLedgerInvariants(app.db);
  });

  it('refuses a payment reference that is not text or is too long, and moves nothing', async () => {
    const app = await appWithAdmin();
    const staff = await adminCookie(app);
    const user = await signedInUser(app);
    const url = `/api/admin/users/${user.userId}/balance/add`;
    const tooLong = await post(app, staff, url, { amount: 5, reference: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: 'The payment reference can be at most 200 characters' });
    const notText = await post(app, staff, url, { amount: 5, reference: 42 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json()).toMatchObject({ error: 'The payment reference must be text' });
    expect((await detailOf(app, staff, user.userId)).user.balance).toBe(0);
  });

  it('shows a user’s last sign-in, tasks-to-date, voices and API keys, and 404s an unknown user', async () => {
    const app = await appWithAdmin();
    const staff = await adminCookie(app);
    const owner = await apiUser(app, { name: 'Studio key' });
    const detail = await detailOf(app, staff, owner.userId);
    expect(detail.user).toMatchObject({ uid: owner.userId, email: owner.email, suspendedAt: null });
    expect(detail.user.lastLoginAt).not.toBeNull();
    expect(detail.apiKeys).toEqual([
      expect.objectContaining({ name: 'Studio key', prefix: owner.key.prefix, revokedAt: null }),
    ]);
    // The key's secret and hash never reach the view.
    expect(JSON.stringify(detail)).not.toContain(owner.secret);
    expect(detail.voices).toEqual([]);
    expect(detail.tasks).toEqual([]);
    expect(detail.ledger).toEqual([
      expect.objectContaining({ kind: 'signup_grant', asset: 'credits', amount: 10_000 }),
    ]);

    const unknown = await app.inject({ method: 'GET', url: '/api/admin/users/nobody', headers: { cookie: staff } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
  });

  it('suspends a user: sessions end, sign-in and API keys are refused with a clear message, until reinstated', async () => {
    const app = await appWithAdmin();
    const staff = await adminCookie(app);
    const owner = await apiUser(app);
    expect((await modelsWith(app, owner.secret)).statusCode).toBe(200);

    const suspended = await post(app, staff, `/api/admin/users/${owner.userId}/suspend`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ uid: owner.userId, suspendedBy: 'Admin' });

    // The open session is gone at once, though this process read it a moment ago (creating the key).
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expect(me.statusCode).toBe(401);
    const signInAgain = await signIn(app, owner.email, PASSWORD);
    expect(signInAgain.statusCode).toBe(403);
    expect(signInAgain.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: 'This account is suspended. Please contact support to have it reinstated.',
    });
    expect(signInAgain.headers['set-cookie'] ?? '').not.toContain('session_token=');
    const keyCall = await modelsWith(app, owner.secret);
    expect(keyCall.statusCode).toBe(403);
    // In the OpenAI dialect's shape, with the same words.
    expect(keyCall.json()).toMatchObject({
      error: {
        code: 'account_suspended',
        message: 'This account is suspended. Please contact support to have it reinstated.',
      },
    });
    expect((await detailOf(app, staff, owner.userId)).user.suspendedAt).not.toBeNull();

    const reinstated = await post(app, staff, `/api/admin/users/${owner.userId}/reinstate`);
    expect(reinstated.json()).toEqual({ uid: owner.userId, suspendedAt: null, suspendedBy: null });
    expect((await signIn(app, owner.email, PASSWORD)).statusCode).toBe(200);
    expect((await modelsWith(app, owner.secret)).statusCode).toBe(200);

    const nobody = await post(app, staff, '/api/admin/users/nobody/suspend');
    expect(nobody.statusCode).toBe(404);
  });

  it('makes a one-time reset link that sets a new password once', async () => {
    const app = await appWithAdmin();
    const staff = await adminCookie(app);
    const user = await signedInUser(app);
    const made = await post(app, staff, `/api/admin/users/${user.userId}/password-reset-link`);
    expect(made.statusCode, made.body).toBe(200);
    const { url, expiresAt } = made.json() as { url: string; expiresAt: string };
    const link = new URL(url);
    expect(link.pathname).toBe('/reset-password');
    const hours = (new Date(expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const token = link.searchParams.get('token') ?? '';
    const reset = (newPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { origin: ORIGIN },
        payload: { token, newPassword },
      });
    expect((await reset('a brand new password')).statusCode).toBe(200);
    expect((await signIn(app, user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(app, user.email, 'a brand new password')).statusCode).toBe(200);
    // Spent: the same link does not set a password again.
    const again = await reset('another new password');
    expect(again.statusCode).toBe(400);
    expect((await signIn(app, user.email, 'another new password')).statusCode).toBe(401);
  });

  it('refuses a reset link once it has expired', async () => {
    const app = await appWithAdmin();
    const staff = await adminCookie(app);
    const user = await signedInUser(app);
    const made = await post(app, staff, `/api/admin/users/${user.userId}/password-reset-link`);
    const token = new URL((made.json() as { url: string }).url).searchParams.get('token') ?? '';
    // better-auth's verification table is not in our schema types: it is better-auth's own.
    await sql`UPDATE verification SET "expiresAt" = now() - interval '1 second'`.execute(app.db);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await signIn(app, user.email, PASSWORD)).statusCode).toBe(200);
  });
});
