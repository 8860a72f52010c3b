import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, testDatabaseUrl } from '../helpers/databases.js';
import {
  answersHealthCheck,
  freePort,
  runAdminCli,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-processes.js';

/**
 * In server mode (DATABASE_URL), the admin CLI is one more process on the shared database: it runs
 * while the API keeps serving, and what it does is seen by the running API at the next request.
 * (With the embedded database it must not: PGlite lets one process open the data folder.)
 */
describe.skipIf(!testDatabaseUrl)(
  'the admin CLI against the PostgreSQL database of a running API process (needs TEST_DATABASE_URL)',
  () => {
    let database: { url: string; drop: () => Promise<void> } | undefined;
    let api: ServerProcess | undefined;
    let apiUrl = '';
    let dataDir = '';

    beforeAll(async () => {
      database = await createServerDatabase();
      dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-admin-cli-'));
      const port = await freePort();
      apiUrl = `http://127.0.0.1:${port}`;
      api = startServerProcess('api', 'api', {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PUBLIC_URL: apiUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        RUN_WORKERS: 'false',
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: 'first-admin',
        ADMIN_PASSWORD: 'the-first-admin-password',
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      });
      const running = api;
      await waitUntilReady(running, () => answersHealthCheck(apiUrl), 80_000);
    }, 90_000);

    afterAll(async () => {
      if (api) await stopServerProcess(api);
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 30_000);

    const cli = (args: string[], password: string) =>
      runAdminCli(args, { DATABASE_URL: database?.url ?? '', DATA_DIR: dataDir, ADMIN_PASSWORD: password });

    const signIn = (username: string, password: string) =>
      fetch(`${apiUrl}/api/admin/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: apiUrl },
        body: JSON.stringify({ username, password }),
      });

    const session = (cookie: string) => fetch(`${apiUrl}/api/admin/session`, { headers: { cookie } });

    const cookieOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');

    async function expectServing() {
      expect(api?.child.exitCode).toBeNull();
      const health = await fetch(`${apiUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
    }

    it('creates an admin who signs in on the running API, then resets the password, ending their session there', async () => {
      const created = await cli(['create', 'night-ops', '--name', 'Night Ops'], 'night-ops-password-1');
      expect(created, created.stderr).toMatchObject({ code: 0 });
      expect(created.stdout).toContain('Admin "night-ops" created.');
      await expectServing();

      const first = await signIn('night-ops', 'night-ops-password-1');
      expect(first.status, await first.clone().text()).toBe(200);
      const cookie = cookieOf(first);
      expect((await session(cookie)).status).toBe(200);

      const reset = await cli(['reset-password', 'night-ops'], 'night-ops-password-2');
      expect(reset, reset.stderr).toMatchObject({ code: 0 });
      expect(reset.stdout).toContain('Password of "night-ops" reset');
      // The running API reads sessions and passwords from the database at each request: the
      // session is over and only the new password signs in, without a restart.
      expect((await session(cookie)).status).toBe(401);
      expect((await signIn('night-ops', 'night-ops-password-1')).status).toBe(401);
      const second = await signIn('night-ops', 'night-ops-password-2');
      expect(second.status).toBe(200);
      expect((await session(cookieOf(second))).status).toBe(200);
      await expectServing();
    }, 60_000);

    it('refuses a username that is taken, and leaves the running API as it was', async () => {
      const taken = await cli(['create', 'first-admin'], 'another-password-entirely');
      expect(taken.code).toBe(1);
      expect(taken.stderr).not.toBe('');
      // The admin the API created at its first start keeps its password.
      expect((await signIn('first-admin', 'the-first-admin-password')).status).toBe(200);
      await expectServing();
    }, 30_000);
  },
);
