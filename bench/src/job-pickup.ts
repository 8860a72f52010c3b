import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { JobQueue } from '../../apps/server/src/jobs/queue.js';
import { percentile } from './http-load.js';

/**
 * Time from `send` to the handler starting, on embedded PGlite with the production poll interval.
 * Jobs are sent one at a time so each measures an idle worker waking up. They are the product's own
 * speech jobs (of made-up tasks: the handler here only notes the pickup).
 */
export async function measureJobPickup(samples: number): Promise<{ medianMs: number; p99Ms: number }> {
  const handle = await openDatabase({ kind: 'pglite', dir: 'memory://' });
  const queue = await JobQueue.start(handle.jobs, { pollIntervalMs: 500, logger: pino({ level: 'silent' }) });
  let resolvePickup: (() => void) | null = null;
  await queue.work('speech', async () => resolvePickup?.());
  const latencies: number[] = [];
  try {
    for (let i = 0; i < samples; i += 1) {
      const picked = new Promise<void>((resolve) => {
        resolvePickup = resolve;
      });
      const t0 = performance.now();
      await queue.send('speech', { taskId: randomBytes(16).toString('hex') });
      await picked;
      latencies.push(performance.now() - t0);
    }
  } finally {
    await queue.stop();
    await handle.close();
  }
  latencies.sort((a, b) => a - b);
  return { medianMs: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}
