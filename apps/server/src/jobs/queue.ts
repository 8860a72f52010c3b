import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobDatabase } from '../db/database.js';

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export interface JobQueueOptions {
  /** How often an idle worker looks for work; pg-boss accepts 500 ms at the least. */
  pollIntervalMs: number;
  logger: FastifyBaseLogger;
}

/**
 * The job queue: pg-boss on the application's own database. Workers in this process are woken
 * as soon as a job is sent here, so local pickup does not wait for the next poll.
 */
export class JobQueue {
  private readonly localWorkers = new Map<string, string>();
  private readonly knownQueues = new Set<string>();

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: JobQueueOptions,
  ) {}

  static async start(database: JobDatabase, options: JobQueueOptions): Promise<JobQueue> {
    const boss = new PgBoss({
      ...(database.kind === 'executeSql'
        ? { db: { executeSql: database.executeSql } }
        : { connectionString: database.connectionString, max: 4 }),
      // Cron schedules are not used; skipping them saves a clock-skew check on every start.
      schedule: false,
    });
    boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
    await boss.start();
    return new JobQueue(boss, options);
  }

  private async ensureQueue(name: string): Promise<void> {
    if (this.knownQueues.has(name)) return;
    await this.boss.createQueue(name);
    this.knownQueues.add(name);
  }

  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string> {
    await this.ensureQueue(name);
    const id = await this.boss.send(name, data, options);
    if (!id) throw new Error(`Job queue refused a job for ${name}`);
    const workerId = this.localWorkers.get(name);
    if (workerId) this.boss.notifyWorker(workerId);
    return id;
  }

  async work<T>(name: string, handler: JobHandler<T>): Promise<void> {
    await this.ensureQueue(name);
    const workerId = await this.boss.work<T>(
      name,
      { pollingIntervalSeconds: this.options.pollIntervalMs / 1000 },
      async (jobs) => {
        for (const job of jobs) await handler(job.data, { id: job.id, name: job.name });
      },
    );
    this.localWorkers.set(name, workerId);
  }

  async getJobState(name: string, id: string): Promise<string | null> {
    const job = await this.boss.getJobById(name, id);
    return job?.state ?? null;
  }

  async isHealthy(): Promise<boolean> {
    return Boolean(await this.boss.isInstalled());
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, close: true, timeout: 10_000 });
  }
}
