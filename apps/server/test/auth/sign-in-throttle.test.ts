import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { buildTestApp, testConfig } from '../helpers/build-app.js';
import { migratedTemplate } from '../helpers/databases.js';
import { ORIGIN, signedInUser, signIn } from '../helpers/sessions.js';

const PASSWORD = 'correct horse battery';
const OFFICE = '203.0.113.10';
const TOO_MANY = { error: 'Too many sign-in attempts. Please wait a minute and try again.', code: 'SIGN_IN_THROTTLED' };

/** Signs in `times` times with wrong passwords; the status of each answer. */
async function failSignIns(app: FastifyInstance, email: string, times: number, ip = OFFICE): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < times; n += 1) statuses.push((await signIn(app, email, `wrong guess ${n}`, ip)).statusCode);
  return statuses;
}

describe('sign-in throttling', () => {
  it('locks one account at an address after 5 failures and lets a colleague at that address sign in', async () => {
    const app = await buildTestApp();
    const teammate = await signedInUser(app);
    const colleague = await signedInUser(app);

    expect(await failSignIns(app, teammate.email, 5)).toEqual([401, 401, 401, 401, 401]);
    const locked = await signIn(app, teammate.email, PASSWORD, OFFICE);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(TOO_MANY);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    expect((await signIn(app, colleague.email, PASSWORD, OFFICE)).statusCode).toBe(200);
    // The teammate, from home, is not held back by the office's lock either.
    expect((await signIn(app, teammate.email, PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('counts the account by its email however it is capitalised', async () => {
    const app = await buildTestApp();
    const { email } = await signedInUser(app);
    await failSignIns(app, email, 3);
    await failSignIns(app, email.toUpperCase(), 2);
    expect((await signIn(app, email, PASSWORD, OFFICE)).statusCode).toBe(429);
  });

  it('answers a wrong password and an unknown email alike, locked or not', async () => {
    const app = await buildTestApp();
    const { email } = await signedInUser(app);
    const known = await failSignIns(app, email, 6);
    const unknown = await failSignIns(app, 'nobody@example.com', 6);
    expect(known).toEqual(unknown);
    expect(known).toEqual([401, 401, 401, 401, 401, 429]);
    const knownLocked = await signIn(app, email, 'again', OFFICE);
    const unknownLocked = await signIn(app, 'nobody@example.com', 'again', OFFICE);
    expect(knownLocked.json()).toEqual(unknownLocked.json());
    expect(Object.keys(knownLocked.headers).sort()).toEqual(Object.keys(unknownLocked.headers).sort());
  });

  it('holds a ceiling of 30 sign-ins a minute per address, whichever accounts they name', async () => {
    const app = await buildTestApp();
    const colleague = await signedInUser(app);
    const statuses: number[] = [];
    for (let n = 0; n < 30; n += 1)
      statuses.push((await signIn(app, `probe${n}@example.com`, 'guess', OFFICE)).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);

    const refused = await signIn(app, colleague.email, PASSWORD, OFFICE);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await signIn(app, colleague.email, PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  });

  it('counts spellings of the sign-in path and form bodies against the same account', async () => {
    const app = await buildTestApp();
    const { email } = await signedInUser(app);
    const attempts = [
      { url: '/api/auth/sign-in/./email?via=probe', payload: { email, password: 'wrong 1' } },
      { url: '/api/auth/sign-in/email', payload: { email: email.toUpperCase(), password: 'wrong 2' } },
      ...[3, 4, 5].map((n) => ({
        url: '/api/auth/sign-in/email',
        payload: new URLSearchParams({ email, password: `wrong ${n}` }).toString(),
        form: true,
      })),
    ];
    for (const { url, payload, ...rest } of attempts) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN, ...('form' in rest ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        payload,
        remoteAddress: OFFICE,
      });
      expect(response.statusCode).toBe(401);
    }
    expect((await signIn(app, email, PASSWORD, OFFICE)).statusCode).toBe(429);
  });

  it('shares one allowance per address among attempts whose email cannot be read', async () => {
    const app = await buildTestApp();
    const { email } = await signedInUser(app);
    for (let n = 0; n < 6; n += 1) {
      // Two emails in one form: whichever better-auth reads, the attempt counts in one shared bucket.
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${encodeURIComponent(email)}&email=decoy${n}%40example.com&password=wrong`,
        remoteAddress: OFFICE,
      });
      expect(response.statusCode).not.toBe(200);
      if (n === 5) expect(response.statusCode).toBe(429);
    }
  });

  it('keeps counting across a restart, as every process reads the count from the database', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-throttle-'));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    // A database in a folder, so a second app opens what the first one left.
    const boot = async (first: boolean) => {
      const database: Config['database'] = {
        kind: 'pglite',
        dir: path.join(dataDir, 'db'),
        ...(first ? { template: await migratedTemplate() } : {}),
      };
      const config = await testConfig({ override: (loaded) => ({ ...loaded, database }) });
      onTestFinished(() => rm(config.dataDir, { recursive: true, force: true }));
      return buildApp(config);
    };

    const one = await boot(true);
    const { email } = await signedInUser(one);
    await failSignIns(one, email, 5);
    await one.close();

    const two = await boot(false);
    try {
      expect((await signIn(two, email, PASSWORD, OFFICE)).statusCode).toBe(429);
    } finally {
      await two.close();
    }
  });
});
