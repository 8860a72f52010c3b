import pino from 'pino';
import { expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { JobQueue } from '../src/jobs/queue.js';
import { type DatabaseTarget, describeOnEachDatabase } from './helpers/databases.js';

async function startQueue(target: DatabaseTarget) {
  const { database, cleanup } = await target.open();
  const handle = await openDatabase(database);
  const queue = await JobQueue.start(handle.jobs, { pollIntervalMs: 500, logger: pino({ level: 'silent' }) });
  onTestFinished(async () => {
    await queue.stop();
    await handle.close();
    await cleanup();
  });
  return queue;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describeOnEachDatabase('job queue', (target) => {
  it('runs a job end to end and marks it completed', async () => {
    const queue = await startQueue(target);
    const received = deferred<{ greeting: string }>();
    await queue.work<{ greeting: string }>('test-greet', async (data) => received.resolve(data));
    const id = await queue.send('test-greet', { greeting: 'hello' });
    expect(await received.promise).toEqual({ greeting: 'hello' });
    await expect.poll(() => queue.getJobState('test-greet', id), { timeout: 5_000 }).toBe('completed');
  });

  it('picks up a job sent in this process in well under a second', async () => {
    const queue = await startQueue(target);
    const started = deferred<number>();
    await queue.work('test-pickup', async () => started.resolve(performance.now()));
    // Let the worker go idle first, so the measurement includes waking it.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const sentAt = performance.now();
    await queue.send('test-pickup', {});
    expect((await started.promise) - sentAt).toBeLessThan(500);
  });

  it('retries a job whose handler fails, and marks it failed when retries run out', async () => {
    const queue = await startQueue(target);
    let attempts = 0;
    await queue.work('test-flaky', async () => {
      attempts += 1;
      throw new Error('engine exploded');
    });
    const id = await queue.send('test-flaky', {}, { retryLimit: 1, retryDelay: 0 });
    await expect.poll(() => queue.getJobState('test-flaky', id), { timeout: 10_000, interval: 200 }).toBe('failed');
    expect(attempts).toBe(2);
  });
});
