import pino from 'pino';
import { expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../src/db/database.js';
import { type JobMap, JobQueue } from '../src/jobs/queue.js';
import { type DatabaseTarget, describeOnEachDatabase } from './helpers/databases.js';

/** Jobs of these tests only; the application's own map is JOBS in @sayso/contract/jobs. */
const TEST_JOBS = {
  'test-greet': z.object({ greeting: z.string() }),
  'test-pickup': z.object({}),
  'test-flaky': z.object({}),
  'test-count': z.object({ count: z.number().int() }),
};

const options = { pollIntervalMs: 500, logger: pino({ level: 'silent' }) };

/**
 * A database for queues; every queue started on it is stopped before it closes. On PGlite it is a
 * copy of the migrated template, where pg-boss is installed already: installing it on an empty
 * PGlite took about 8 s a test, and only the start on a new database (`empty`) is about that.
 */
async function openJobDatabase(target: DatabaseTarget, { empty = false } = {}) {
  const { database, cleanup } = await (empty ? target.open() : target.openMigrated());
  const handle = await openDatabase(database);
  const queues: { stop(): Promise<void> }[] = [];
  onTestFinished(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await handle.close();
    await cleanup();
  });
  return {
    async startQueue<Jobs extends JobMap>(jobs: Jobs): Promise<JobQueue<Jobs>> {
      const queue = await JobQueue.start(handle.jobs, options, jobs);
      queues.push(queue);
      return queue;
    },
    /** The application's queue, with the jobs of the contract. */
    async startApplicationQueue(): Promise<JobQueue> {
      const queue = await JobQueue.start(handle.jobs, options);
      queues.push(queue);
      return queue;
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describeOnEachDatabase('job queue', (target) => {
  it('runs as many jobs at once as a worker has slots, and no more', async () => {
    const queue = await (await openJobDatabase(target)).startQueue(TEST_JOBS);
    let running = 0;
    let mostAtOnce = 0;
    const started: number[] = [];
    const release = deferred<void>();
    await queue.work(
      'test-count',
      async ({ count }) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        started.push(count);
        await release.promise;
        running -= 1;
      },
      { slots: 2 },
    );
    await Promise.all([1, 2, 3].map((count) => queue.send('test-count', { count })));
    // Two start and hold their slots; the third waits until one is free.
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(started).toHaveLength(2);
    release.resolve();
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(3);
    expect(mostAtOnce).toBe(2);
  });

  it('runs a job end to end and marks it completed', async () => {
    const queue = await (await openJobDatabase(target)).startQueue(TEST_JOBS);
    const received = deferred<{ greeting: string }>();
    await queue.work('test-greet', async (payload) => received.resolve(payload));
    const id = await queue.send('test-greet', { greeting: 'hello' });
    expect(await received.promise).toEqual({ greeting: 'hello' });
    await expect.poll(() => queue.getJobState('test-greet', id), { timeout: 5_000 }).toBe('completed');
  });

  it('picks up a job sent in this process in well under a second', async () => {
    const queue = await (await openJobDatabase(target)).startQueue(TEST_JOBS);
    const started = deferred<number>();
    await queue.work('test-pickup', async () => started.resolve(performance.now()));
    // Let the worker go idle first, so the measurement includes waking it.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const sentAt = performance.now();
    await queue.send('test-pickup', {});
    expect((await started.promise) - sentAt).toBeLessThan(500);
  });

  it('retries a job whose handler fails, and marks it failed when retries run out', async () => {
    const queue = await (await openJobDatabase(target)).startQueue(TEST_JOBS);
    let attempts = 0;
    await queue.work('test-flaky', async () => {
      attempts += 1;
      throw new Error('engine exploded');
    });
    const id = await queue.send('test-flaky', {}, { retryLimit: 1, retryDelay: 0 });
    await expect.poll(() => queue.getJobState('test-flaky', id), { timeout: 10_000, interval: 200 }).toBe('failed');
    expect(attempts).toBe(2);
  });

  it('tells a job still to run or running from one that ended or was removed', async () => {
    const queue = await (await openJobDatabase(target)).startQueue(TEST_JOBS);
    // No worker yet: the job waits, and is live.
    const waiting = await queue.send('test-greet', { greeting: 'wait' });
    expect(await queue.isLive('test-greet', waiting)).toBe(true);
    await queue.work('test-greet', async () => {});
    await expect.poll(() => queue.getJobState('test-greet', waiting), { timeout: 5_000 }).toBe('completed');
    expect(await queue.isLive('test-greet', waiting)).toBe(false);
    // A job the queue no longer holds at all (an id it never gave out) is not live either.
    expect(await queue.isLive('test-greet', '00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('refuses to send a payload its job’s schema does not accept, naming the job', async () => {
    const database = await openJobDatabase(target);
    const queue = await database.startQueue(TEST_JOBS);
    await expect(queue.send('test-count', { count: 1.5 })).rejects.toThrow(
      /^a test-count job's payload does not match its schema/,
    );
    // The application's queue knows its jobs from the contract: a speech job carries a task id.
    const application = await database.startApplicationQueue();
    await expect(application.send('speech', { taskId: 'not-a-task-id' })).rejects.toThrow(
      /^a speech job's payload does not match its schema/,
    );
  });

  it('fails a received job whose payload its schema does not accept, without running the handler', async () => {
    const database = await openJobDatabase(target);
    // A sender on an older schema (a process not yet upgraded, say) shares the database.
    const older = await database.startQueue({ 'test-count': z.object({ count: z.number() }) });
    const queue = await database.startQueue(TEST_JOBS);
    const handled: number[] = [];
    await queue.work('test-count', async (payload) => void handled.push(payload.count));
    const bad = await older.send('test-count', { count: 1.5 }, { retryLimit: 0 });
    await expect.poll(() => queue.getJobState('test-count', bad), { timeout: 10_000, interval: 200 }).toBe('failed');
    const good = await older.send('test-count', { count: 2 });
    await expect
      .poll(() => queue.getJobState('test-count', good), { timeout: 10_000, interval: 200 })
      .toBe('completed');
    expect(handled).toEqual([2]);
  });

  if (target.name === 'PostgreSQL server') {
    it('starts several processes’ queues together on a new database, each creating the same queues', async () => {
      // pg-boss can deadlock creating different queues at once (each attaches a partition); what
      // matters is that every process starts, as several workers starting together must.
      const names = Array.from({ length: 12 }, (_, i) => `test-race-${i}`);
      const jobs: JobMap = Object.fromEntries(names.map((name) => [name, z.object({})]));
      const database = await openJobDatabase(target, { empty: true });
      const queues = await Promise.all([1, 2, 3].map(() => database.startQueue(jobs)));
      // Each creates its queues one after another, as a process starting does, in its own order.
      await Promise.all(
        queues.map(async (queue, index) => {
          for (const name of [...names.slice(index * 4), ...names.slice(0, index * 4)]) {
            await queue.work(name, async () => {});
          }
        }),
      );
      const sender = queues[0];
      if (!sender) throw new Error('no queue started');
      const sent = await Promise.all(names.map((name) => sender.send(name, {})));
      expect(sent).toHaveLength(names.length);
    });
  }
});
