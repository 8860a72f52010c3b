import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { resetAdminPassword } from '../../src/domains/admin/service.js';
import { ADMIN, adminCookie, appWithAdmin } from '../helpers/admin.js';
import { buildTestApp, testConfig } from '../helpers/build-app.js';
import { migratedTemplate } from '../helpers/databases.js';
import { cookieHeader, ORIGIN } from '../helpers/sessions.js';

const USERNAME = 'root';
const NEW_PASSWORD = 'a brand new admin password';
const MUST_CHANGE = 'Choose a new password before using the admin panel';

/** Log lines of an app, so a test can read the password printed at first start. */
function logCollector() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    oneTimePasswords: () => lines.flatMap((line) => /One-time password: (\S+)/.exec(line)?.[1] ?? []),
  };
}

/** A test app whose first admin got a generated password; returns it with the app. */
async function appWithGeneratedAdmin(): Promise<{ app: FastifyInstance; oneTime: string }> {
  const logs = logCollector();
  const app = await buildTestApp({ env: { ADMIN_USERNAME: USERNAME, LOG_LEVEL: 'warn' }, logStream: logs.stream });
  const [oneTime] = logs.oneTimePasswords();
  if (!oneTime) throw new Error('no one-time password in the log');
  return { app, oneTime };
}

const signIn = (app: FastifyInstance, password: string, username = USERNAME) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/session',
    headers: { origin: ORIGIN },
    payload: { username, password },
  });

const choosePassword = (app: FastifyInstance, cookie: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/password',
    headers: { origin: ORIGIN, cookie },
    payload: { password },
  });

const ROUTES_CLOSED_UNTIL_CHANGED = [
  { method: 'GET', url: '/api/admin/users' },
  { method: 'GET', url: '/api/admin/health' },
  { method: 'POST', url: '/api/admin/users/someone/balance/add', payload: { amount: 5 } },
  { method: 'POST', url: '/api/admin/users/someone/balance/deduct', payload: { amount: 5 } },
  { method: 'POST', url: '/api/admin/default-credits' },
] as const;

/** Moves the one-time password's expiry into the past, as 24 hours passing would. */
async function expireOneTimePassword(app: FastifyInstance): Promise<void> {
  await app.db
    .updateTable('admins')
    .set({ one_time_password_expires_at: new Date(Date.now() - 1000) })
    .where('username', '=', USERNAME)
    .execute();
}

describe('the generated first-admin password', () => {
  it('opens a session that may only choose a new password, then works no more', async () => {
    const { app, oneTime } = await appWithGeneratedAdmin();
    const first = await signIn(app, oneTime);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ admin: { username: USERNAME, name: 'Admin' }, mustChangePassword: true });
    const cookie = cookieHeader(first);
    const session = await app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(session.json()).toMatchObject({ mustChangePassword: true });

    for (const route of ROUTES_CLOSED_UNTIL_CHANGED) {
      const response = await app.inject({
        method: route.method,
        url: route.url,
        headers: { origin: ORIGIN, cookie },
        ...('payload' in route ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toEqual({ error: MUST_CHANGE, code: 'MUST_CHANGE_PASSWORD' });
    }

    const tooShort = await choosePassword(app, cookie, 'short');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toEqual({ error: 'Admin passwords need at least 12 characters', code: 'WEAK_PASSWORD' });
    const same = await choosePassword(app, cookie, oneTime);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      error: 'Choose a password different from the one-time password',
      code: 'PASSWORD_UNCHANGED',
    });

    const changed = await choosePassword(app, cookie, NEW_PASSWORD);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ admin: { username: USERNAME, name: 'Admin' }, mustChangePassword: false });
    // The same session now reaches the panel.
    expect((await app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);

    const old = await signIn(app, oneTime);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
    const fresh = await signIn(app, NEW_PASSWORD);
    expect(fresh.json()).toEqual({ admin: { username: USERNAME, name: 'Admin' }, mustChangePassword: false });
    // Nothing left to change once the password is the admin's own.
    const again = await choosePassword(app, cookieHeader(fresh), 'yet another admin password');
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatch(/no one-time password/i);
  });

  it('is refused 24 hours after it was issued, with the command that sets a new one', async () => {
    const { app, oneTime } = await appWithGeneratedAdmin();
    const cookie = cookieHeader(await signIn(app, oneTime));
    await expireOneTimePassword(app);
    const late = await signIn(app, oneTime);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      error: `This one-time password has expired. Run "npm run admin -- reset-password ${USERNAME}" on the server to set a new one.`,
      code: 'ONE_TIME_PASSWORD_EXPIRED',
    });
    // A session it opened before expiring cannot be used to choose a password afterwards.
    expect((await choosePassword(app, cookie, NEW_PASSWORD)).statusCode).toBe(401);
    // A wrong password still gets the usual answer: the expiry notice needs the right one.
    expect((await signIn(app, 'not-the-one-time-password')).json()).toEqual({
      error: 'Invalid username or password',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('stays spent across a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-restart-'));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    // A database in a folder, so a second app can open what the first one left.
    const boot = async (first: boolean) => {
      const logs = logCollector();
      const database: Config['database'] = {
        kind: 'pglite',
        dir: path.join(dataDir, 'db'),
        ...(first ? { template: await migratedTemplate() } : {}),
      };
      const config = await testConfig({
        env: { ADMIN_USERNAME: USERNAME, LOG_LEVEL: 'warn' },
        override: (loaded) => ({ ...loaded, database }),
      });
      const app = await buildApp(config, { logStream: logs.stream });
      onTestFinished(() => rm(config.dataDir, { recursive: true, force: true }));
      return { app, logs };
    };

    const one = await boot(true);
    const [oneTime] = one.logs.oneTimePasswords();
    if (!oneTime) throw new Error('no one-time password in the log');
    expect((await choosePassword(one.app, cookieHeader(await signIn(one.app, oneTime)), NEW_PASSWORD)).statusCode).toBe(
      200,
    );
    await one.app.close();

    const two = await boot(false);
    try {
      expect(two.logs.oneTimePasswords()).toEqual([]);
      expect((await signIn(two.app, oneTime)).statusCode).toBe(401);
      expect((await signIn(two.app, NEW_PASSWORD)).json()).toMatchObject({ mustChangePassword: false });
    } finally {
      await two.app.close();
    }
  });
});

describe('passwords that are not one-time', () => {
  it('treats ADMIN_PASSWORD as the admin’s own password', async () => {
    const app = await appWithAdmin();
    const response = await signIn(app, ADMIN.password, ADMIN.username);
    expect(response.json()).toEqual({ admin: { username: ADMIN.username, name: 'Admin' }, mustChangePassword: false });
    const cookie = await adminCookie(app);
    expect((await app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);
  });

  it('treats a password set by reset-password as the admin’s own, even over a one-time one', async () => {
    const { app, oneTime } = await appWithGeneratedAdmin();
    const openedBefore = cookieHeader(await signIn(app, oneTime));
    await resetAdminPassword(app.db, USERNAME, NEW_PASSWORD);
    expect((await signIn(app, oneTime)).statusCode).toBe(401);
    expect((await signIn(app, NEW_PASSWORD)).json()).toMatchObject({ mustChangePassword: false });
    // The reset ended the session the one-time password had opened.
    const stale = await app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: openedBefore } });
    expect(stale.statusCode).toBe(401);
  });
});
