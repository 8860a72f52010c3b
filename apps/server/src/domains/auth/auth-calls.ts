import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';

/**
 * better-auth runs each call inside AsyncLocalStorage instances that it keeps on a process-wide
 * global (request state, endpoint context, adapter). Where AsyncLocalStorage is built on async
 * hooks (Node 20 and 22), the first `run` of any such storage switches the hooks on for the whole
 * process, and they stay on: from then on every promise, socket and timer of every route pays for
 * them, a route that never touches auth included (decision 0031). Nothing reads those storages
 * between calls, so when the last call in flight ends they are disabled, which switches the hooks
 * off until the next call's `run` switches them back on. A call that starts while another is in
 * flight finds them still enabled.
 *
 * Where AsyncLocalStorage is built on async context frames (Node 24 by default), no hooks are
 * involved and a storage left enabled costs nothing, while `disable()` would only drop the store
 * from the caller's frame; calls then run as they are (decision 0043).
 *
 * Every call into better-auth (its HTTP handler and `auth.api`) goes through `inAuthCall`: one that
 * did not could have its storages disabled under it.
 */

/** Where better-auth keeps its global state (`@better-auth/core`, context/global). */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');

interface Disableable {
  disable(): void;
}

/**
 * Whether this runtime's AsyncLocalStorage runs on async hooks, told by what it does rather than by
 * its version (a flag such as `--no-async-context-frame` switches the implementation): on hooks,
 * `disable()` empties every context captured before it; on context frames, only the current one.
 * The probe storage is disabled again, so it leaves no hooks on.
 */
export function storagesRunOnAsyncHooks(): boolean {
  const probe = new AsyncLocalStorage<true>();
  const readCapturedContext = probe.run(true, () => AsyncResource.bind(() => probe.getStore()));
  probe.disable();
  return readCapturedContext() === undefined;
}

/** Decided once: the implementation cannot change while the process runs. */
const disablingSwitchesHooksOff = storagesRunOnAsyncHooks();

/** Calls into better-auth in flight in this process: the storages are process-wide, so is the count. */
let callsInFlight = 0;

/** The AsyncLocalStorage instances better-auth has made so far in this process. */
export function betterAuthStorages(): Disableable[] {
  const holder = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[BETTER_AUTH_GLOBAL];
  return Object.values(holder?.context ?? {}).filter(
    (value): value is Disableable => typeof (value as Partial<Disableable> | null)?.disable === 'function',
  );
}

/** Runs one call into better-auth, counted so that its storages are disabled once none is in flight. */
export async function inAuthCall<T>(call: () => Promise<T>): Promise<T> {
  if (!disablingSwitchesHooksOff) return call();
  callsInFlight += 1;
  try {
    return await call();
  } finally {
    callsInFlight -= 1;
    if (callsInFlight === 0) for (const storage of betterAuthStorages()) storage.disable();
  }
}
