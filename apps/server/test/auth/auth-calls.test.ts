import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { betterAuthStorages, inAuthCall, storagesRunOnAsyncHooks } from '../../src/domains/auth/auth-calls.js';
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
 * A function that reads `storage` inside a context where it holds `store`. Where storages run on
 * async hooks, it reads the store for as long as the storage is enabled, and nothing once the
 * storage is disabled.
 */
const readerIn = (storage: AsyncLocalStorage<string>, store: string) =>
  storage.run(store, () => AsyncResource.bind(() => storage.getStore()));

/** Whether `disable()` empties a context captured before it, seen on a storage of the test's own. */
function disableEmptiesCapturedContexts(): boolean {
  const storage = new AsyncLocalStorage<string>();
  const read = readerIn(storage, 'captured');
  storage.disable();
  return read() === undefined;
}

const onAsyncHooks = storagesRunOnAsyncHooks();

describe.runIf(onAsyncHooks)('calls into better-auth, where storages run on async hooks', () => {
  it('happen on a runtime where disabling a storage empties the contexts captured before', () => {
    expect(disableEmptiesCapturedContexts()).toBe(true);
  });

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

describe.runIf(!onAsyncHooks)('calls into better-auth, where storages run on async context frames', () => {
  it('happen on a runtime where disabling a storage leaves the contexts captured before', () => {
    expect(disableEmptiesCapturedContexts()).toBe(false);
  });

  it("leave better-auth's storages as they are: no hooks to switch off", async () => {
    const {
      storages: [storage],
    } = await storagesAfterRealCalls();
    if (!storage) throw new Error('better-auth made no storage');
    // Disabling here would drop the store from the frame current when the call ends: the caller's.
    const afterTheCall = await storage.run('the caller', async () => {
      await inAuthCall(async () => storage.run('a call', async () => storage.getStore()));
      return storage.getStore();
    });
    expect(afterTheCall).toBe('the caller');
  });
});

/** Starts this runtime with `flag` and answers what the probe then finds. */
function probeWith(flag: string): boolean {
  const module = fileURLToPath(new URL('../../src/domains/auth/auth-calls.ts', import.meta.url));
  const script = `import(${JSON.stringify(module)}).then((m) => console.log(m.storagesRunOnAsyncHooks()))`;
  const answer = execFileSync(process.execPath, [flag, '--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return JSON.parse(answer) as boolean;
}

// Node 22 and 24 each have a flag that chooses the implementation they do not run by default.
const hasFlag = (flag: string) => process.allowedNodeEnvironmentFlags.has(flag);

describe('the choice of how to call better-auth', () => {
  it.runIf(hasFlag('--no-async-context-frame'))('follows the runtime started with --no-async-context-frame', () => {
    expect(probeWith('--no-async-context-frame')).toBe(true);
  });

  it.runIf(hasFlag('--experimental-async-context-frame'))(
    'follows the runtime started with --experimental-async-context-frame',
    () => {
      expect(probeWith('--experimental-async-context-frame')).toBe(false);
    },
  );
});
