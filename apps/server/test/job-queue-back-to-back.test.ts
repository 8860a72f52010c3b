import pino from 'pino';
import { expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../src/db/database.js';
import { JobQueue } from '../src/jobs/queue.js';
import { describeOnEachDatabase } from './helpers/databases.js';

const POLL_INTERVAL_MS = 500;
const JOBS = 10;

describeOnEachDatabase('job queue with jobs waiting', (target) => {
  it('takes the next job as soon as one ends, not a poll interval later', async () => {
    const { database, cleanup } = await target.openMigrated();
    const handle = await openDatabase(database);
    const queue = await JobQueue.start(
      handle.jobs,
      { pollIntervalMs: POLL_INTERVAL_MS, logger: pino({ level: 'silent' }) },
      { 'test-short': z.object({ n: z.number().int() }) },
    );
    onTestFinished(async () => {
      await queue.stop();
      await handle.close();
      await cleanup();
    });
    // Sent before any worker exists, so nothing wakes a worker but its own loop: a project's
    // blocks are sent by an API process to a worker process in the same way.
    for (let n = 0; n < JOBS; n += 1) await queue.send('test-short', { n });
    const handledAt: number[] = [];
    await queue.work('test-short', async () => void handledAt.push(performance.now()));
    await expect.poll(() => handledAt.length, { timeout: 20_000 }).toBe(JOBS);
    const first = handledAt[0] ?? 0;
    const last = handledAt.at(-1) ?? 0;
    // Waiting out the interval after each short job would take (JOBS - 1) × 500 ms = 4.5 s; half
    // of that leaves room for a busy machine and still fails if any wait comes back.
    expect(last - first).toBeLessThan(((JOBS - 1) * POLL_INTERVAL_MS) / 2);
  });
});
