import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN } from './staff.js';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A free port below Linux's ephemeral range (32768 and up), for a server whose port must be chosen
 * before it starts (the identity provider is told every app's address first). A port from the
 * ephemeral range could be taken meanwhile as the local end of some outgoing connection (one of an
 * earlier server's database connections did, and the next server found its port in use).
 */
export async function reservedRangePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * What every e2e server but a first-run one is given: the operator account of support/staff.ts,
 * and sign-in limits that let a file sign up as many users as it likes from 127.0.0.1 (the limits
 * themselves are proven by the server tests).
 */
export function ownServerEnv(): Record<string, string> {
  return {
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SIGN_IN_ATTEMPTS_PER_MINUTE: '100',
    SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000',
  };
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed on stdout so far (its log lines), newest last. */
  output: string[];
  /** Ends the server gracefully and removes its data folder (unless the caller owns the folder). */
  stop(): Promise<void>;
  /** Kills the process at once, as a crash or power cut would, leaving its data in place. */
  kill(): Promise<void>;
}

/** Starts the built server (apps/server/dist) on a free loopback port with its own data folder. */
export async function startServer({
  port: wantedPort,
  env = {},
  dataDir: givenDataDir,
  entry = path.join(repoRoot, 'apps/server/dist/server.js'),
}: {
  port?: number;
  env?: Record<string, string>;
  /** Reuse a data folder (a restart); the caller then removes it. */
  dataDir?: string;
  /** Another build's server (the bench compares against an older commit's); this checkout's by default. */
  entry?: string;
} = {}): Promise<RunningServer> {
  const port = wantedPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = givenDataDir ?? (await mkdtemp(path.join(tmpdir(), 'sayso-e2e-')));
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Passed through as before, and kept so a test can read what the server logged (a generated password, say).
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    output.push(chunk.toString('utf8'));
  });
  // Starts in a few seconds; the bound is for a machine that is busy with other work too.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (Date.now() >= deadline) {
    // Not left running behind the failure (it would hold its port and CPU for the rest of the run).
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    throw new Error('server did not become healthy within 120 s');
  }
  return {
    baseUrl,
    dataDir,
    process: child,
    output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!givenDataDir) await rm(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
