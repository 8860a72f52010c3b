import { readFileSync, rmSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same data folder would corrupt
 * it, and PGlite itself leaves no mark that a process has it open. So the server records itself
 * in a lock file beside the folder while it runs, and the backup and restore commands read it
 * to refuse (with the process named) instead of opening a folder that is in use.
 */

interface LockHolder {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (Linux), so a reused pid is not taken for the holder. */
  startTicks: number | null;
  since: string;
}

/** The lock file of a PGlite data folder: `DATA_DIR/db.lock` for `DATA_DIR/db`. */
export const lockFileOf = (databaseDir: string) => `${path.resolve(databaseDir)}.lock`;

/** Field 22 of /proc/<pid>/stat, or null where there is no /proc (or no such process). */
function startTicksOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return null; // a zombie has exited; only its parent has not read its status yet
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

function isRunning(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.startTicks === null) return true;
  return startTicksOf(holder.pid) === holder.startTicks;
}

/** The live process holding the folder, or null when none does (no lock, or a stale one). */
export async function folderHolder(databaseDir: string): Promise<LockHolder | null> {
  let text: string;
  try {
    text = await readFile(lockFileOf(databaseDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let holder: LockHolder;
  try {
    holder = JSON.parse(text) as LockHolder;
  } catch {
    return null; // cut short by a crash while being written: nobody holds it
  }
  return typeof holder.pid === 'number' && isRunning(holder) ? holder : null;
}

/** The words a refusal uses for a folder that a running process holds. */
export function heldMessage(databaseDir: string, holder: LockHolder): string {
  return (
    `The embedded database in ${databaseDir} is open in a running Sayso server (process ${holder.pid}, since ${holder.since}). ` +
    'PGlite lets one process open it at a time: stop the server first, then run this again. ' +
    `(If no server is running, the lock is stale: delete ${lockFileOf(databaseDir)}.)`
  );
}

/**
 * Takes the folder for this process until it exits, or throws naming the live process that has it.
 * Answers a function that gives it back.
 */
export async function holdDataFolder(databaseDir: string): Promise<() => void> {
  const holder = await folderHolder(databaseDir);
  if (holder) throw new Error(heldMessage(databaseDir, holder));
  const file = lockFileOf(databaseDir);
  await mkdir(path.dirname(file), { recursive: true });
  const mine: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startTicks: startTicksOf(process.pid),
    since: new Date().toISOString(),
  };
  // A stale lock goes; creating the new one exclusively leaves one winner of two starting at once.
  await rm(file, { force: true });
  try {
    await writeFile(file, JSON.stringify(mine), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new Error(`Another process is opening the embedded database in ${databaseDir} at this moment.`);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    rmSync(file, { force: true });
  };
  // Removed however the process ends short of a kill; a kill leaves a lock whose process is gone.
  process.on('exit', release);
  return release;
}
