import { setTimeout as sleep } from 'node:timers/promises';
import { JOBS } from '@sayso/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type QueryResult } from 'kysely';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { JobDatabase } from '../db/database.js';

/** A Kysely transaction of any schema: pg-boss's statements are raw SQL on its connection. */
export interface OpenTransaction {
  executeQuery<Row>(query: CompiledQuery<Row>): Promise<QueryResult<Row>>;
}

/** Job names and the schema of each one's payload (an object, as pg-boss stores); the application's own is `JOBS`. */
export type JobMap = Record<string, z.ZodType<object>>;

export type JobHandler<Payload> = (payload: Payload, job: { id: string; name: string }) => Promise<void>;

export interface JobQueueOptions {
  /** How often an idle worker looks for work; pg-boss accepts 500 ms at the least. */
  pollIntervalMs: number;
  logger: FastifyBaseLogger;
}

const LIVE_JOB_STATES = new Set<string>(['created', 'retry', 'active']);

const CREATE_QUEUE_ATTEMPTS = 10;
/** Deadlock and serialization failure: PostgreSQL aborted the statement for a concurrent one, not for a fault of its own. */
const CONCURRENCY_ABORT_CODES = new Set(['40P01', '40001']);

function isConcurrencyAbort(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && CONCURRENCY_ABORT_CODES.has(code);
}

/**
 * The job queue: pg-boss on the application's own database. Every job is one of `jobs`, and its
 * payload is checked against that job's schema when it is sent and again when a worker receives
 * it, so a sender and a handler cannot disagree on a payload unnoticed. Workers in this process
 * are woken as soon as a job is sent here, so local pickup does not wait for the next poll.
 */
export class JobQueue<Jobs extends JobMap = typeof JOBS> {
  /** This process's workers of each job, woken when a job is sent here. */
  private readonly localWorkers = new Map<string, string[]>();
  private readonly knownQueues = new Set<string>();

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: JobQueueOptions,
    private readonly jobs: Jobs,
  ) {}

  static start(database: JobDatabase, options: JobQueueOptions): Promise<JobQueue>;
  /** A queue of other jobs than the application's (tests and benchmarks bring their own). */
  static start<Jobs extends JobMap>(
    database: JobDatabase,
    options: JobQueueOptions,
    jobs: Jobs,
  ): Promise<JobQueue<Jobs>>;
  static async start(database: JobDatabase, options: JobQueueOptions, jobs: JobMap = JOBS): Promise<JobQueue<JobMap>> {
    const boss = new PgBoss({
      ...(database.kind === 'executeSql'
        ? { db: { executeSql: database.executeSql } }
        : { connectionString: database.connectionString, max: 4 }),
      // Cron schedules are not used; skipping them saves a clock-skew check on every start.
      schedule: false,
    });
    boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
    await boss.start();
    return new JobQueue(boss, options, jobs);
  }

  /**
   * Creates the queue if no process has. pg-boss attaches a partition per queue, and two processes
   * creating different queues at once (several workers starting together on a new database) can
   * deadlock; PostgreSQL then rolls one back whole, so trying again is safe and soon succeeds.
   */
  private async ensureQueue(name: string): Promise<void> {
    if (this.knownQueues.has(name)) return;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.boss.createQueue(name);
        break;
      } catch (error) {
        if (attempt >= CREATE_QUEUE_ATTEMPTS || !isConcurrencyAbort(error)) throw error;
        // Staggered, so the processes that collided do not collide again.
        await sleep(attempt * (50 + Math.random() * 100));
      }
    }
    this.knownQueues.add(name);
  }

  /** The payload as its job's schema reads it; anything else is refused, naming the job and the problem. */
  private parse<Name extends keyof Jobs & string>(name: Name, payload: unknown): z.output<Jobs[Name]> {
    const schema: Jobs[Name] | undefined = this.jobs[name];
    if (!schema) throw new Error(`no job is named ${name}`);
    const parsed = z.safeParse<Jobs[Name]>(schema, payload);
    if (!parsed.success) {
      throw new Error(`a ${name} job's payload does not match its schema: ${z.prettifyError(parsed.error)}`);
    }
    return parsed.data;
  }

  async send<Name extends keyof Jobs & string>(
    name: Name,
    payload: z.input<Jobs[Name]>,
    options: PgBoss.SendOptions = {},
  ): Promise<string> {
    const data = this.parse(name, payload);
    await this.ensureQueue(name);
    const id = await this.boss.send(name, data, options);
    if (!id) throw new Error(`Job queue refused a job for ${name}`);
    for (const workerId of this.localWorkers.get(name) ?? []) this.boss.notifyWorker(workerId);
    return id;
  }

  /** Creates the job's queue if needed: before a transaction that will send one (sendWithin). */
  async prepare(name: keyof Jobs & string): Promise<void> {
    await this.ensureQueue(name);
  }

  /**
   * Sends a job through the caller's open transaction (pg-boss's SQL runs on its connection), so
   * the job exists exactly if the transaction commits. The queue must have been prepared first:
   * creating it inside would wait for a connection the transaction may hold (on PGlite, the only
   * one). Call `wake` after the commit, so a worker in this process starts at once.
   */
  async sendWithin<Name extends keyof Jobs & string>(
    trx: OpenTransaction,
    name: Name,
    payload: z.input<Jobs[Name]>,
    options: PgBoss.SendOptions & { id: string },
  ): Promise<{ wake: () => void }> {
    if (!this.knownQueues.has(name)) throw new Error(`the ${name} queue was not prepared before its transaction`);
    const data = this.parse(name, payload);
    const executeSql = (text: string, values: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values));
    const id = await this.boss.send(name, data, { ...options, db: { executeSql } });
    if (!id) throw new Error(`Job queue refused a job for ${name}`);
    return {
      wake: () => {
        for (const workerId of this.localWorkers.get(name) ?? []) this.boss.notifyWorker(workerId);
      },
    };
  }

  /**
   * Handles `name`'s jobs with `slots` workers, each taking one job at a time, so up to `slots` run
   * at once in this process (the speech worker has one per render thread).
   */
  async work<Name extends keyof Jobs & string>(
    name: Name,
    handler: JobHandler<z.output<Jobs[Name]>>,
    { slots = 1 }: { slots?: number } = {},
  ): Promise<void> {
    await this.ensureQueue(name);
    const workerIds = this.localWorkers.get(name) ?? [];
    this.localWorkers.set(name, workerIds);
    for (let slot = 0; slot < slots; slot += 1) {
      let workerId = '';
      workerId = await this.boss.work(
        name,
        { pollingIntervalSeconds: this.options.pollIntervalMs / 1000 },
        async (jobs) => {
          for (const job of jobs) await handler(this.parse(name, job.data), { id: job.id, name: job.name });
          // pg-boss waits out the rest of the poll interval after a job shorter than it, even with
          // more jobs waiting: a project's short blocks each lost up to 500 ms that way. A slot
          // that just finished a job looks for the next at once; one that finds none waits as before.
          this.boss.notifyWorker(workerId);
        },
      );
      workerIds.push(workerId);
    }
  }

  async getJobState(name: keyof Jobs & string, id: string): Promise<string | null> {
    const job = await this.boss.getJobById(name, id);
    return job?.state ?? null;
  }

  /**
   * Whether a job is still to run or running (created, retry or active). False once it completed,
   * failed for good, was cancelled, or was removed (pg-boss archives a job that waits past its
   * retention, 14 days by default).
   */
  async isLive(name: keyof Jobs & string, id: string): Promise<boolean> {
    const job = await this.boss.getJobById(name, id);
    return job !== null && LIVE_JOB_STATES.has(job.state);
  }

  async isHealthy(): Promise<boolean> {
    return Boolean(await this.boss.isInstalled());
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, close: true, timeout: 10_000 });
  }
}
