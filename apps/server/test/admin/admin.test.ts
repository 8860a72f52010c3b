import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { adminName, ensureFirstAdmin, verifyAdmin } from '../../src/domains/admin/service.js';
import { ADMIN, adminCookie, appWithAdmin } from '../helpers/admin.js';
import { pgliteFromTemplate } from '../helpers/databases.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { cookieHeader, ORIGIN, signedInUser } from '../helpers/sessions.js';

const ADMIN_ROUTES = [
  { method: 'GET', url: '/api/admin/session' },
  { method: 'DELETE', url: '/api/admin/session' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'POST', url: '/api/admin/users/someone/balance/add', payload: { amount: 5 } },
  { method: 'POST', url: '/api/admin/users/someone/balance/deduct', payload: { amount: 5 } },
  { method: 'POST', url: '/api/admin/default-credits' },
] as const;

describe('admin panel API', () => {
  it('refuses every admin route to anonymous visitors and to signed-in users who are not admins', async () => {
    const app = await appWithAdmin();
    const user = await signedInUser(app);
    for (const route of ADMIN_ROUTES) {
      for (const cookie of [undefined, user.cookie]) {
        const response = await app.inject({
          method: route.method,
          url: route.url,
          headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
          ...('payload' in route ? { payload: route.payload } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json()).toEqual({ error: 'Admin authentication required', code: 'ADMIN_REQUIRED' });
      }
    }
  });

  it('signs an admin in with a browser-session cookie, and refuses wrong or missing credentials alike', async () => {
    const app = await appWithAdmin();
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/admin/session', headers: { origin: ORIGIN }, payload });
    expect((await post({ username: 'ops' })).json()).toEqual({
      error: 'Username and password are required',
      code: 'FIELDS_REQUIRED',
    });
    for (const wrong of [
      { username: 'ops', password: 'nope-nope-nope' },
      { username: 'ghost', password: 'x' },
    ]) {
      const response = await post(wrong);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
    }
    const ok = await post(ADMIN);
    expect(ok.json()).toEqual({ admin: { username: 'ops', name: 'Admin' }, mustChangePassword: false });
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toMatch(/^sayso_admin=[\w-]{40,}; Path=\/api\/admin; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toMatch(/Max-Age|Expires/);
    const me = await app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: cookieHeader(ok) } });
    expect(me.statusCode).toBe(200);
    const out = await app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: { origin: ORIGIN, cookie: cookieHeader(ok) },
    });
    expect(out.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: cookieHeader(ok) } });
    expect(after.statusCode).toBe(401);
  });

  it('answers repeated wrong admin passwords with 429 and Retry-After, even for the right one', async () => {
    const app = await appWithAdmin();
    const attempt = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/session',
        headers: { origin: ORIGIN },
        payload: { username: 'ops', password },
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const limited = await attempt(ADMIN.password);
    expect(limited.statusCode).toBe(429);
    // The wait ends when the oldest of the five failures leaves the one-minute window.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('lists users searched, sorted and paged by the server, and moves balances with the admin named', async () => {
    const app = await appWithAdmin();
    const cookie = await adminCookie(app);
    const alice = await signedInUser(app, 'alice@example.com');
    const bob = await signedInUser(app, 'bob@example.com');
    const headers = { origin: ORIGIN, cookie };
    const add = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${alice.userId}/balance/add`,
      headers,
      payload: { amount: 500 },
    });
    expect(add.json()).toEqual({ uid: alice.userId, previousBalance: 0, balance: 500, currency: 'PKR' });
    const deduct = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${alice.userId}/balance/deduct`,
      headers,
      payload: { amount: 200 },
    });
    expect(deduct.json()).toMatchObject({ previousBalance: 500, balance: 300 });
    const tooMuch = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${bob.userId}/balance/deduct`,
      headers,
      payload: { amount: 1 },
    });
    expect(tooMuch.statusCode).toBe(402);
    expect(tooMuch.json()).toEqual({ error: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' });
    const notANumber = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${bob.userId}/balance/add`,
      headers,
      payload: { amount: 'lots' },
    });
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json()).toEqual({ error: 'Please enter a valid amount', code: 'VALIDATION_FAILED' });

    const list = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: { cookie } })).json() as {
        users: { email: string; balance: number }[];
        total: number;
      };
    expect((await list('sort=balance_desc')).users.map((u) => u.email)).toEqual([
      'alice@example.com',
      'bob@example.com',
    ]);
    expect((await list('sort=balance_asc')).users.map((u) => u.email)).toEqual([
      'bob@example.com',
      'alice@example.com',
    ]);
    const search = await list('search=ALICE');
    expect(search.total).toBe(1);
    expect(search.users[0]).toMatchObject({ email: 'alice@example.com', balance: 300 });
    const paged = await list('pageSize=1&page=2&sort=balance_desc');
    expect(paged).toMatchObject({ total: 2, users: [{ email: 'bob@example.com' }] });

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: alice.cookie } });
    expect(me.json().balanceHistory).toMatchObject([
      { amount: -200, previousBalance: 500, newBalance: 300, reason: 'Balance correction by Admin', type: 'debit' },
      { amount: 500, previousBalance: 0, newBalance: 500, addedBy: 'Admin', type: 'credit' },
    ]);
  });

  it('gives default credits once to users who never had them', async () => {
    const app = await appWithAdmin();
    const cookie = await adminCookie(app);
    const user = await signedInUser(app);
    // A user from before accounts existed: no account row, no grant.
    await app.db.deleteFrom('ledger_entries').where('user_id', '=', user.userId).execute();
    await app.db.deleteFrom('user_accounts').where('user_id', '=', user.userId).execute();
    const grant = () =>
      app.inject({ method: 'POST', url: '/api/admin/default-credits', headers: { origin: ORIGIN, cookie } });
    expect((await grant()).json()).toEqual({ granted: 1 });
    expect((await grant()).json()).toEqual({ granted: 0 });
    const account = await app.db
      .selectFrom('user_accounts')
      .select('credits')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(account.credits).toBe(10_000);
    await expectLedgerInvariants(app.db);
  });

  it('names admins by display name, else email, else Admin', () => {
    expect(adminName({ name: 'Sana', email: 'ops@x.io' })).toBe('Sana');
    expect(adminName({ name: null, email: 'ops@x.io' })).toBe('ops');
    expect(adminName({ name: ' ', email: null })).toBe('Admin');
  });

  it('creates the first admin with a generated password printed once, and never a second time', async () => {
    // A copy of the migrated template (no admin in it yet): migrating an empty PGlite here took 7 s.
    const handle = await openDatabase(await pgliteFromTemplate());
    await migrate(handle.db);
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    await ensureFirstAdmin(handle.db, { username: 'root', password: null }, logger);
    const password = /One-time password: (\S+)/.exec(lines.join('\n'))?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(20);
    expect(await verifyAdmin(handle.db, 'root', password ?? '')).toMatchObject({ username: 'root' });
    await ensureFirstAdmin(handle.db, { username: 'root', password: null }, logger);
    expect(lines.filter((line) => line.includes('One-time password'))).toHaveLength(1);
    await handle.close();
  });
});
