/**
 * How browser test files run (decision 0049)
 *
 * Files run in parallel, `maxWorkers` at a time (e2e/vitest.config.ts). This setup starts one
 * identity provider, one Chromium and one built Sayso server per worker slot: a file uses the
 * server of the slot it runs in (`VITEST_POOL_ID`, see support/worker-server.ts), and a slot runs
 * one file at a time. So two files that run at the same moment never share a server, and the
 * files that share one run one after the other, as the whole suite did when it was serial: what a
 * file leaves behind (users, settings, a refused model upload) is seen only by files that would
 * have seen it then. A new file that signs up its own accounts needs nothing more: `useBrowser()`
 * gives it its slot's server, Chromium and base URL.
 *
 * A file that needs a server no other file touches (another configuration, a model it installs,
 * a restart or a crash) starts its own in `beforeAll` with `startServer` from support/server.ts
 * and stops it in `afterAll`, as neural-models, one-click-models, setup-checklist, cloud-providers
 * and crash-recovery do; its pages open absolute URLs (`${server.baseUrl}/...`). `ownServerEnv()`
 * in support/server.ts gives such a server the operator account and sign-in limits the slot
 * servers have.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './chromium.js';
import { identityProviderPort, OIDC_CLIENT, startIdentityProvider } from './identity-provider.js';
import { ownServerEnv, type RunningServer, repoRoot, reservedRangePort, startServer } from './server.js';
import type { SlotServer } from './worker-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker slot, slot 1 first (support/worker-server.ts picks a file's). */
    slotServers: SlotServer[];
    issuer: string;
    /** The run's one Chromium, which test files connect to (support/browser.ts). */
    browserEndpoint: string;
  }
}

/**
 * When TEST_DATABASE_URL names a PostgreSQL server, each slot's app runs on a fresh database
 * there, so tests can change data from outside the process as a second instance would; otherwise
 * each runs on embedded PGlite in its own data folder.
 */
export default async function setup(project: TestProject) {
  for (const built of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(repoRoot, built))) throw new Error(`${built} is missing: run "npm run build" first`);
  }
  const slots = await slotCount(project);
  // Taken one after another, so no two slots are handed the same free port.
  const ports: number[] = [];
  while (ports.length < slots) {
    const port = await reservedRangePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const appBaseUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  let idpPort = await identityProviderPort();
  while (ports.includes(idpPort)) idpPort = await identityProviderPort();
  const idp = await startIdentityProvider(appBaseUrls, idpPort);
  // One after another: servers starting together on a busy two-core machine outlasted the
  // health wait (three at once, with the load average above 30).
  const running: { info: SlotServer; stop(): Promise<void> }[] = [];
  const stopServers = () => Promise.all(running.map((slot) => slot.stop()));
  try {
    for (const port of ports) running.push(await startSlotServer(port, idp.issuer, await createDatabase()));
  } catch (error) {
    await stopServers();
    await idp.stop();
    throw error;
  }
  project.provide(
    'slotServers',
    running.map((slot) => slot.info),
  );
  project.provide('issuer', idp.issuer);
  const chromiumServer = await launchChromiumServer();
  project.provide('browserEndpoint', chromiumServer.wsEndpoint());
  return async () => {
    await chromiumServer.close();
    await stopServers();
    await idp.stop();
  };
}

/**
 * As many servers as files can run at once: `maxWorkers` as Vitest resolves it (1 when file
 * parallelism is off), and no more than the files this run has, so a run of one file starts one.
 */
async function slotCount(project: TestProject): Promise<number> {
  const maxWorkers = project.config.maxWorkers || project.vitest.config.maxWorkers || 1;
  // The file filters given on the command line; Vitest keeps them on an internal field, so an
  // absent one counts every file (more servers than needed, never fewer).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
  const { testFiles } = await project.globTestFiles(filters);
  return Math.max(1, Math.min(maxWorkers, testFiles.length));
}

async function startSlotServer(
  port: number,
  issuer: string,
  database: Database | null,
): Promise<{ info: SlotServer; stop(): Promise<void> }> {
  let server: RunningServer;
  try {
    server = await startServer({
      port,
      env: {
        ...ownServerEnv(),
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        OIDC_NAME: 'Test Identity',
        // A configured installation: Top Up opens the chat (e2e/tests/setup-checklist.test.ts runs one without).
        CHAT_NUMBER: '923001234567',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
    });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  return {
    info: { baseUrl: server.baseUrl, databaseUrl: database?.url ?? null },
    async stop() {
      await server.stop();
      await database?.drop();
    },
  };
}

interface Database {
  url: string;
  drop(): Promise<void>;
}

let databasesMade = 0;

async function createDatabase(): Promise<Database | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const { default: pg } = await import('pg');
  databasesMade += 1;
  const name = `sayso_e2e_${process.pid}_${Date.now()}_${databasesMade}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
