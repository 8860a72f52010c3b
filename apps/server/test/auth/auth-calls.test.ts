import { type AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { betterAuthStorages, inAuthCall } from '../../src/domains/auth/auth-calls.js';
import { buildTestApp } from '../helpers/build-app.js';
import { signedInUser, signUp } from '../helpers/sessions.js';

/** better-auth's storages, made by a real sign-up and session read through the app. */
async function storagesAfterRealCalls() {
  const app = await buildTestApp();
  const { cookie } = await signedInUser(app);
  const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  expect(me.statusCode).toBe(200);
  const storages = betterAuthStorages() as unknown as AsyncLocalStorage<string>[];
  expect(storages.length).toBeGreaterThan(0);
  return { app, storages };
}

/**
 * A function that reads `storage` inside a context where it holds `store`. It reads the store for
 * as long as the storage is enabled, and nothing once the storage is disabled.
 */
const readerIn = (storage: AsyncLocalStorage<string>, store: string) =>
  storage.run(store, () => AsyncResource.bind(() => storage.getStore()));

describe('calls into better-auth', () => {
  it("disable better-auth's storages once the last call has ended", async () => {
    const { app, storages } = await storagesAfterRealCalls();
    // Contexts left behind as by an uncounted call: they keep their storage enabled, and so async
    // hooks on, until a counted call ends.
    const readers = storages.map((storage, n) => readerIn(storage, `left behind ${n}`));
    expect(readers.map((read) => read())).toEqual(storages.map((_, n) => `left behind ${n}`));
    const second = await signUp(app, { email: 'second@example.com', password: 'correct horse battery', name: 'B' });
    expect(second.statusCode).toBe(200);
    expect(readers.map((read) => read())).toEqual(storages.map(() => undefined));
  });

  it('keep their context while another call starts and ends', async () => {
    const {
      storages: [storage],
    } = await storagesAfterRealCalls();
    if (!storage) throw new Error('better-auth made no storage');
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = inAuthCall(() =>
      storage.run('the slow call', async () => {
        await gate;
        return storage.getStore();
      }),
    );
    const afterwards = readerIn(storage, 'a context of the quick call');
    await inAuthCall(async () => storage.run('a quick call', async () => storage.getStore()));
    release();
    expect(await slow).toBe('the slow call');
    expect(afterwards()).toBeUndefined();
  });

  it('count a call that fails as ended', async () => {
    const {
      storages: [storage],
    } = await storagesAfterRealCalls();
    if (!storage) throw new Error('better-auth made no storage');
    const afterwards = readerIn(storage, 'a context left behind');
    const failing = inAuthCall(() =>
      storage.run('a failing call', async () => {
        await Promise.resolve();
        throw new Error('refused');
      }),
    );
    await expect(failing).rejects.toThrow('refused');
    expect(afterwards()).toBeUndefined();
  });
});
