import { spawn } from 'node:child_process';
import path from 'node:path';

/** A fixed JSON answer for the bare route: its body and the headers to send with it. */
export interface BareAnswer {
  body: string;
  headers: Record<string, string>;
}

/**
 * The floor to compare against: a bare Fastify route, served from a separate process. It answers
 * `{"ok":true}`, or `answer` when given (the same bytes as a product route, to tell what the
 * answer itself costs from what the product's code costs).
 */
export async function startBareFastify(
  answer?: BareAnswer,
): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(answer ? { BARE_ANSWER: JSON.stringify(answer) } : {}) },
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
