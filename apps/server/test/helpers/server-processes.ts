import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/** What `npm start` and `npm run worker` run, from the TypeScript sources so no build is needed. */
const ENTRY = { api: 'apps/server/src/server.ts', worker: 'apps/server/src/worker.ts' } as const;

export interface ServerProcess {
  name: string;
  role: keyof typeof ENTRY;
  child: ChildProcess;
  /** Every log line the process wrote so far (pino JSON on stdout, anything else on stderr). */
  lines: string[];
  /** The JSON log lines whose `msg` is this. */
  logged(message: string): Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port that was free a moment ago on loopback, for a process that must be told its port up front. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts an API or worker process as a real child, with only the environment given (plus PATH and
 * HOME), so nothing of the test runner's own settings leaks in. Its logs are kept, not printed.
 */
export function startServerProcess(name: string, role: keyof typeof ENTRY, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--conditions=sayso-source', '--import', 'tsx', ENTRY[role]], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    name,
    role,
    child,
    lines,
    exited,
    logged: (message) => lines.flatMap((line) => parseLogLine(line, message)),
  };
}

function parseLogLine(line: string, message: string): Record<string, unknown>[] {
  if (!line.startsWith('{')) return [];
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    return entry.msg === message ? [entry] : [];
  } catch {
    return [];
  }
}

/** Waits until the process passes `ready`, failing early (with its last log lines) if it exits first. */
export async function waitUntilReady(
  process: ServerProcess,
  ready: () => Promise<boolean> | boolean,
  timeoutMs: number,
): Promise<void> {
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  void process.exited.then((value) => {
    exit = value;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) throw new Error(`${process.name} exited (${JSON.stringify(exit)}):\n${tail(process)}`);
    if (await ready()) return;
    await sleep(200);
  }
  throw new Error(`${process.name} was not ready within ${timeoutMs} ms:\n${tail(process)}`);
}

/** Whether an API process answers its health check. */
export async function answersHealthCheck(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

export function tail(process: ServerProcess, count = 30): string {
  return process.lines.slice(-count).join('\n');
}

/** Kills a child that is still running and waits for it to be gone. */
export async function stopServerProcess(process: ServerProcess): Promise<void> {
  if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill('SIGKILL');
  await process.exited;
}

/**
 * Runs the admin CLI (`npm run admin -- <args>`, the same command line its npm script runs) as a
 * process of its own, with only the environment given (plus PATH and HOME), and returns how it ended.
 */
export async function runAdminCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=sayso-source', '--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args],
    {
      cwd: repositoryRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
