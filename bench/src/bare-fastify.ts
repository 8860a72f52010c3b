import { spawn } from 'node:child_process';
import path from 'node:path';

/** The floor to compare against: a bare Fastify route, served from a separate process. */
export async function startBareFastify(): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return {
    url: `${address}/bare`,
    pid: child.pid ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
