import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { longWaitingTasks, recordTaskJob, requeueStalledTask, requeueWaitingTask, stalledTasks } from './repository.js';
import { failureOf } from './task-failure.js';
import { failStalledTask } from './task-lifecycle.js';

/** Longer than any task may render (30 minutes), so the queue never hands a live task to a second worker. */
const JOB_EXPIRY_SECONDS = 40 * 60;

export interface SpeechQueueDeps {
  db: Kysely<Database>;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
}

/** How the queue runs a speech job: two retries, and an expiry past any render. */
export const SPEECH_JOB_OPTIONS = { retryLimit: 2, retryDelay: 2, expireInSeconds: JOB_EXPIRY_SECONDS };

/** Sends the job that will run a waiting task, and records it on the task so the sweeper can check on it. */
export async function queueSpeechJob(deps: Pick<SpeechQueueDeps, 'db' | 'jobs'>, taskId: string): Promise<void> {
  const jobId = await deps.jobs.send('speech', { taskId }, SPEECH_JOB_OPTIONS);
  await recordTaskJob(deps.db, taskId, jobId);
}

/**
 * Repairs what a crash left behind, and only that. Runs at start and then every half stale
 * period, in every process that runs workers; conditional updates make concurrent runs harmless.
 */
export async function sweepSpeechQueue(deps: SpeechQueueDeps, staleSeconds: number): Promise<void> {
  await reclaimStalledTasks(deps, staleSeconds);
  await resendLostJobs(deps, staleSeconds);
}

/**
 * A claimed task whose worker stopped beating for `staleSeconds` died with its worker: it is queued
 * again once; if it stalls again it fails and its credits are released.
 */
async function reclaimStalledTasks(deps: SpeechQueueDeps, staleSeconds: number): Promise<void> {
  for (const task of await stalledTasks(deps.db, staleSeconds)) {
    if (await requeueStalledTask(deps.db, task.id, staleSeconds)) {
      await queueSpeechJob(deps, task.id);
      deps.logger.warn({ taskId: task.id }, 'requeued a stalled speech task');
    } else if (await failStalledTask(deps.db, task.id, staleSeconds, failureOf('TIMEOUT'))) {
      deps.logger.warn({ taskId: task.id }, 'failed a speech task that stalled twice');
    }
  }
}

/**
 * A waiting task is left to wait, however long the line, while its job is still to run. One with
 * no job (a crash between recording it and sending its job) or whose job ended or was removed
 * without taking it gets a new job, so it cannot wait forever; a duplicate job finds the task
 * taken and does nothing, so it is never rendered twice.
 */
async function resendLostJobs(deps: SpeechQueueDeps, staleSeconds: number): Promise<void> {
  for (const task of await longWaitingTasks(deps.db, staleSeconds)) {
    if (task.jobId && (await deps.jobs.isLive('speech', task.jobId))) continue;
    if (!(await requeueWaitingTask(deps.db, task))) continue;
    await queueSpeechJob(deps, task.id);
    deps.logger.warn({ taskId: task.id, lostJobId: task.jobId }, 'sent a new job for a waiting speech task');
  }
}
