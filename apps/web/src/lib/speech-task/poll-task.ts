import type { TaskView } from '@sayso/contract/speech';
import { ApiError } from '@/lib/api-client';
import { normalizeAudioUrl } from './audio-url';
import { NO_AUDIO_URL_MESSAGE, PollingStoppedError, statusKind } from './polling';
import { taskFailure } from './task-errors';

/**
 * A speech task as the task routes answer (spec section 3, 'Task (polled)'), for both providers
 * and the landing demo, read tolerantly: the spec has the client accept any status word, cope with
 * any missing field and find the audio URL in `metadata` too.
 */
export type PolledTask = Partial<Omit<TaskView, 'status' | 'metadata'>> & {
  status?: string;
  metadata?: Partial<TaskView['metadata']>;
};

/** How often and how many times a task is read before giving up. */
export interface PollSchedule {
  maxTries: number;
  /** The wait before reading number `attempt` (1 for the first reading). */
  delayMs: (attempt: number) => number;
}

/** What the readings of one task have found so far (spec section 4's polling rules, as data). */
export interface PollProgress {
  /** Readings made, whatever they answered: the next wait is the schedule's for reading `reads + 1`. */
  reads: number;
  /** Readings that count against the schedule's `maxTries`. */
  tries: number;
  /** The latest answer, null until one arrives (a 'not found' answer leaves the last one). */
  task: PolledTask | null;
  /** Where the audio streams from while it renders: the first link given, never a re-signed one. */
  streamUrl?: string;
}

/** Before the first reading; `streamUrl` is the submission's link when it gave one. */
export function pollStart(streamUrl?: string | null): PollProgress {
  return { reads: 0, tries: 0, task: null, ...(streamUrl ? { streamUrl: normalizeAudioUrl(streamUrl) } : {}) };
}

/**
 * The server does not know the task (yet): by status, so a reworded message changes nothing. Such
 * an answer counts as a try and polling goes on (spec section 4).
 */
const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** One reading: the task's answer, or null when the server does not know the task. Other failures throw. */
export async function readTask(getTask: () => Promise<PolledTask>): Promise<PolledTask | null> {
  try {
    return await getTask();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

const isWaitingInLine = (task: PolledTask) => typeof task.queue_position === 'number';

/** The progress after one more reading (`answer` null: the task was not found). */
export function afterReading(progress: PollProgress, answer: PolledTask | null): PollProgress {
  const reads = progress.reads + 1;
  if (!answer) return { ...progress, reads, tries: progress.tries + 1 };
  // The tries bound how long a render may take; time spent waiting in line is not render time,
  // and the server never gives up on a task in its queue, so answers that show a place in line do not count.
  const tries = isWaitingInLine(answer) ? progress.tries : progress.tries + 1;
  // Each answer signs its links afresh: the player keeps the first stream link, not a new one per reading.
  const streamUrl = progress.streamUrl ?? (answer.stream_url ? normalizeAudioUrl(answer.stream_url) : undefined);
  return { reads, tries, task: answer, ...(streamUrl ? { streamUrl } : {}) };
}

export type PollOutcome =
  | { kind: 'polling' }
  | { kind: 'done'; task: PolledTask; audioUrl: string }
  /** `error` is what the screen's wording is made from: the failure table's line, or the timeout. */
  | { kind: 'failed'; error: Error };

/**
 * Where the polling stands (spec section 4): a failed task fails with its error as the failure
 * table words it; a finished task without an audio URL fails with 'Task completed but no audio URL
 * found'; running out of tries fails with the timeout message; otherwise it goes on.
 */
export function pollOutcome(progress: PollProgress, maxTries: number, timeoutMessage: string): PollOutcome {
  const { task } = progress;
  const kind = statusKind(task?.status);
  // The failure table of spec section 8 is for a failed task's own message, and only for it.
  if (task && kind === 'failed') {
    return { kind: 'failed', error: taskFailure(task) };
  }
  if (task && kind === 'finished') {
    const url = task.audio_url || task.metadata?.audio_url;
    if (!url) return { kind: 'failed', error: new PollingStoppedError('no-audio-url', NO_AUDIO_URL_MESSAGE) };
    return { kind: 'done', task, audioUrl: normalizeAudioUrl(url) };
  }
  if (progress.tries >= maxTries) return { kind: 'failed', error: new PollingStoppedError('timeout', timeoutMessage) };
  return { kind: 'polling' };
}

/** The wait before the next reading, or false once the outcome is settled. */
export function nextReadingDelay(
  progress: PollProgress,
  schedule: PollSchedule,
  timeoutMessage: string,
): number | false {
  if (pollOutcome(progress, schedule.maxTries, timeoutMessage).kind !== 'polling') return false;
  return schedule.delayMs(progress.reads + 1);
}
