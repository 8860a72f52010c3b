import { randomUUID } from 'node:crypto';
import type { JobPayload } from '@sayso/contract/jobs';
import type { TaskView } from '@sayso/contract/speech';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { type CallbackAttempt, findCallbackAttempt, recordCallbackAttempt } from './callback-repository.js';
import { callbackSignature } from './callback-signature.js';
import { type CallbackTransport, postCompletion } from './completion-callback.js';
import { findTask, type SpeechTask } from './repository.js';

export interface CallbackJobDeps {
  db: Kysely<Database>;
  jobs: Pick<JobQueue, 'send'>;
  logger: FastifyBaseLogger;
  /** Hosts that may receive callbacks (RECEIVE_URL_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** Seconds before each retry of a failed attempt; its length is the number of retries. */
  retryDelaysSeconds: readonly number[];
  /** The body a receiver gets: the task as its pollers read it. */
  describeTask: (task: SpeechTask) => TaskView;
  /** The owner's signing secret, made on first use. The secret belongs to the API keys domain. */
  signingSecretFor: (userId: string) => Promise<string>;
  transport: CallbackTransport;
}

type CallbackJob = JobPayload<'callback'>;

/** What one attempt came to: delivered (2xx), refused (never sent, never retried) or failed (retried). */
type Outcome = { kind: 'delivered' | 'refused' | 'failed'; statusCode: number | null; error: string | null };

/** Recorded errors of callbacks that were never sent start with this, which tells them from failures. */
const NOT_SENT = 'not sent: ';

const refused = (reason: string): Outcome => ({ kind: 'refused', statusCode: null, error: NOT_SENT + reason });

const answered = (statusCode: number): Outcome => ({
  kind: statusCode >= 200 && statusCode < 300 ? 'delivered' : 'failed',
  statusCode,
  error: null,
});

function outcomeOf(recorded: CallbackAttempt): Outcome {
  if (recorded.status_code !== null) return answered(recorded.status_code);
  const kind = recorded.error?.startsWith(NOT_SENT) ? 'refused' : 'failed';
  return { kind, statusCode: null, error: recorded.error };
}

/**
 * Queues the first attempt of a finished task's callback. Going through the queue (and not
 * posting from the speech job) lets every later attempt wait in the database, so retries survive
 * a restart and any worker process can make them.
 */
export async function queueCompletionCallback(jobs: Pick<JobQueue, 'send'>, taskId: string): Promise<void> {
  await sendAttempt(jobs, { taskId, deliveryId: randomUUID(), attempt: 1 }, 0);
}

function sendAttempt(jobs: Pick<JobQueue, 'send'>, job: CallbackJob, delaySeconds: number): Promise<string> {
  // The queue's own retries cover a run that stopped (a crash, a database error); they are safe
  // because a recorded attempt is never made again. Failed deliveries are retried by new jobs.
  return jobs.send('callback', job, {
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
  });
}

/**
 * One attempt of a task's callback: signs and posts it, records the attempt, and when it failed
 * queues the next one after the schedule's delay, until the schedule runs out. A job run again
 * after its attempt was recorded does not post twice; it only makes sure the follow-up is queued.
 */
export async function deliverCallback(deps: CallbackJobDeps, job: CallbackJob): Promise<void> {
  const task = await findTask(deps.db, job.taskId);
  const url = task?.settings.receiveUrl;
  // The task was deleted since, with its account.
  if (!task || !url) return;
  const recorded = await findCallbackAttempt(deps.db, task.id, job.attempt);
  const outcome = recorded ? outcomeOf(recorded) : await attempt(deps, task, url, job);
  if (!recorded) {
    await recordCallbackAttempt(deps.db, {
      task_id: task.id,
      url,
      attempt: job.attempt,
      status_code: outcome.statusCode,
      error: outcome.error,
    });
  }
  await followUp(deps, job, outcome);
}

async function attempt(deps: CallbackJobDeps, task: SpeechTask, url: string, job: CallbackJob): Promise<Outcome> {
  // An anonymous demo task has no one whose secret could sign it, and an unsigned callback is one
  // a receiver could not tell from a forgery. (A signed-in user's demo task is signed with theirs.)
  const signer = task.settings.callbackSignerId ?? task.user_id;
  if (signer === null) return refused('an anonymous task has no signing secret');
  const body = JSON.stringify(deps.describeTask(task));
  const secret = await deps.signingSecretFor(signer);
  const headers = {
    'sayso-signature': callbackSignature(secret, body, Math.floor(Date.now() / 1000)),
    'sayso-delivery': job.deliveryId,
    'sayso-attempt': String(job.attempt),
    'sayso-task': task.id,
  };
  try {
    const status = await postCompletion(url, deps.allowedHosts, { body, headers }, deps.transport);
    if (status === null) return refused('the host is not allowed, or not every address it resolves to is public');
    return answered(status);
  } catch (error) {
    return { kind: 'failed', statusCode: null, error: error instanceof Error ? error.message : String(error) };
  }
}

async function followUp(deps: CallbackJobDeps, job: CallbackJob, outcome: Outcome): Promise<void> {
  const context = { taskId: job.taskId, deliveryId: job.deliveryId, attempt: job.attempt };
  if (outcome.kind === 'delivered') return;
  if (outcome.kind === 'refused') {
    deps.logger.info({ ...context, reason: outcome.error }, 'completion callback not sent');
    return;
  }
  const delay = deps.retryDelaysSeconds[job.attempt - 1];
  if (delay === undefined) {
    deps.logger.warn({ ...context, status: outcome.statusCode, reason: outcome.error }, 'completion callback given up');
    return;
  }
  deps.logger.info(
    { ...context, status: outcome.statusCode, reason: outcome.error, retryIn: delay },
    'completion callback failed',
  );
  await sendAttempt(deps.jobs, { ...job, attempt: job.attempt + 1 }, delay);
}
