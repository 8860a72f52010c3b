import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './chromium.js';
import { identityProviderPort, OIDC_CLIENT, startIdentityProvider } from './identity-provider.js';
import { freePort, repoRoot, startServer } from './server.js';
import { E2E_ADMIN } from './staff.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    issuer: string;
    databaseUrl: string | null;
    /** The run's one Chromium, which test files connect to (support/browser.ts). */
    browserEndpoint: string;
  }
}

/**
 * One identity provider, one Chromium and one built Sayso server for the whole run. The server
 * signs in with local accounts and with the identity provider. When TEST_DATABASE_URL names a PostgreSQL server,
 * the app runs on a fresh database there, so tests can change data from outside the process as a
 * second instance would; otherwise it runs on embedded PGlite.
 */
export default async function setup(project: TestProject) {
  for (const built of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(repoRoot, built))) throw new Error(`${built} is missing: run "npm run build" first`);
  }
  const appPort = await freePort();
  const appBaseUrl = `http://127.0.0.1:${appPort}`;
  const idp = await startIdentityProvider(appBaseUrl, await identityProviderPort());
  const database = await createDatabase();
  const server = await startServer({
    port: appPort,
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_NAME: 'Test Identity',
      // Every test signs in from 127.0.0.1; the brute-force limit itself is proven by the server tests.
      SIGN_IN_ATTEMPTS_PER_MINUTE: '100',
      SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000',
      // A configured installation: Top Up opens the chat (e2e/tests/setup-checklist.test.ts runs one without).
      CHAT_NUMBER: '923001234567',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('issuer', idp.issuer);
  project.provide('databaseUrl', database?.url ?? null);
  const chromiumServer = await launchChromiumServer();
  project.provide('browserEndpoint', chromiumServer.wsEndpoint());
  return async () => {
    await chromiumServer.close();
    await server.stop();
    await idp.stop();
    await database?.drop();
  };
}

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const { default: pg } = await import('pg');
  const name = `sayso_e2e_${process.pid}_${Date.now()}`;
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
