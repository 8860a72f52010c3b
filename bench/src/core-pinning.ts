// Keeps the load generator and the server under test off each other's core. On two shared cores,
// unpinned, the scheduler moves both (and the server's helper threads) between the cores: each
// answer then may have to wake a generator parked on the other core, and that wake-up is billed
// to the server. How often depends on how fast the server is, so the cost grows as a server gets
// slower and the ratio to the floor swings from round to round.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Sets the cores every thread of `pid` may run on; false where `taskset` (util-linux) cannot. */
function pin(pid: number, cores: string): boolean {
  try {
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cores, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface CorePinning {
  /** Puts a server's process (all its threads, and those it starts later) on the server's core. */
  pinServer(pid: number): void;
  /** Gives this process all cores back. */
  release(): void;
  /** What the tables should say about it. */
  description: string;
}

/**
 * The generator (this process) on the first core, servers on the second; every server measured is
 * pinned the same way, so floor and product get the same deal. Without two cores or `taskset` it
 * changes nothing and says so.
 */
export function pinGeneratorAndServers(): CorePinning {
  const cores = os.availableParallelism();
  const all = `0-${cores - 1}`;
  if (cores < 2 || !pin(process.pid, '0')) {
    return {
      pinServer: () => {},
      release: () => {},
      description: 'load generator and servers not pinned (needs two cores and taskset)',
    };
  }
  return {
    pinServer(pid) {
      if (!pin(pid, '1')) throw new Error(`could not pin the server process ${pid} to core 1`);
    },
    release: () => void pin(process.pid, all),
    description: 'load generator pinned to core 0, each server (all its threads) to core 1',
  };
}
