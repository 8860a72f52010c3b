import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Render threads run at a lower scheduling priority than the API's event loop. On a machine with
 * as many busy render threads as cores, the event loop otherwise waits for a time slice behind
 * them whenever a request arrives, and every answer's latency grows by that wait. Ten nice steps
 * down, a thread has about a tenth of the weight of the event loop when both want a core, and all
 * of an idle core: renders lose nothing when requests are few, and requests go first when they
 * come. The steps count from the nice value a thread starts with, so a server started with `nice`
 * keeps the same order inside.
 */
export const RENDER_THREAD_NICE_STEPS = 10;
/** The highest nice value Linux knows (the lowest priority). */
const LOWEST_PRIORITY = 19;

/**
 * The kernel's id of the calling thread. Linux keeps a nice value per thread and names the current
 * thread's folder in /proc/thread-self (`<pid>/task/<tid>`); elsewhere there is none, and null.
 */
export function currentThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the priority of the thread `tid` (the calling one's, from currentThreadId), not the
 * process's: Linux's setpriority() applies to the one thread whose id it is given. Answers whether
 * it did, so the pool can say when it could not.
 */
export function lowerThreadPriority(tid: number | null): boolean {
  // Never the main thread (its id is the process's): that is the event loop this is for.
  if (tid === null || tid === process.pid) return false;
  try {
    setPriority(tid, Math.min(LOWEST_PRIORITY, getPriority(tid) + RENDER_THREAD_NICE_STEPS));
    return true;
  } catch {
    return false;
  }
}
