/**
 * better-auth runs each call inside AsyncLocalStorage instances that it keeps on a process-wide
 * global (request state, endpoint context, adapter). On Node 20 the first `run` of any such storage
 * switches async hooks on for the whole process, and they stay on: from then on every promise,
 * socket and timer of every route pays for them, a route that never touches auth included
 * (decision 0031). Nothing reads those storages between calls, so when the last call in flight
 * ends they are disabled, which switches the hooks off until the next call's `run` switches them
 * back on. A call that starts while another is in flight finds them still enabled.
 *
 * Every call into better-auth (its HTTP handler and `auth.api`) goes through `inAuthCall`: one that
 * did not could have its storages disabled under it.
 */

/** Where better-auth keeps its global state (`@better-auth/core`, context/global). */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');

interface Disableable {
  disable(): void;
}

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
  callsInFlight += 1;
  try {
    return await call();
  } finally {
    callsInFlight -= 1;
    if (callsInFlight === 0) for (const storage of betterAuthStorages()) storage.disable();
  }
}
