import type { TaskView } from '@sayso/contract/speech';
import { ApiError } from '@/lib/api-client';
import { normalizeAudioUrl } from './audio-url';
import { NO_AUDIO_URL_MESSAGE, statusKind } from './polling';
import { friendlyTaskError } from './task-errors';

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
  delayMs: (attempt: number) => number;
}

export interface PollOptions extends PollSchedule {
  getTask: () => Promise<PolledTask>;
  timeoutMessage: string;
  onUpdate?: (task: PolledTask) => void;
  signal?: AbortSignal;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const isWaitingInLine = (task: PolledTask) => typeof task.queue_position === 'number';
const isNotFound = (error: unknown) =>
  (error instanceof ApiError && error.status === 404) || (error instanceof Error && /not.?found/i.test(error.message));

/**
 * Polls a task until it finishes (spec section 4): a 404 or not-found answer counts as an attempt
 * and polling goes on; a failed task throws its error as the failure table words it; a finished
 * task without an audio URL throws 'Task completed but no audio URL found'; running out of tries
 * throws the timeout message (answers of a task still waiting in our queue use up no tries).
 */
export async function pollTask(options: PollOptions): Promise<{ task: PolledTask; audioUrl: string }> {
  const wait = options.wait ?? sleep;
  let tries = 0;
  for (let attempt = 1; tries < options.maxTries; attempt += 1) {
    await wait(options.delayMs(attempt));
    if (options.signal?.aborted) throw new DOMException('Polling stopped', 'AbortError');
    let task: PolledTask;
    try {
      task = await options.getTask();
    } catch (error) {
      if (!isNotFound(error)) throw error;
      tries += 1;
      continue;
    }
    options.onUpdate?.(task);
    // The tries bound how long a render may take; time spent waiting in line is not render time,
    // and the server never gives up on a task in its queue, so answers that show a place in line do not count.
    if (!isWaitingInLine(task)) tries += 1;
    const kind = statusKind(task.status);
    // The failure table of spec section 8 is for a failed task's own message, and only for it.
    if (kind === 'failed') throw new Error(friendlyTaskError(task.error_message || task.error || 'Task failed'));
    if (kind === 'finished') {
      const url = task.audio_url || task.metadata?.audio_url;
      if (!url) throw new Error(NO_AUDIO_URL_MESSAGE);
      return { task, audioUrl: normalizeAudioUrl(url) };
    }
  }
  throw new Error(options.timeoutMessage);
}
