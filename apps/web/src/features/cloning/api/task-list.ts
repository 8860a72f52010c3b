import type { TaskList } from '@sayso/contract/speech';
import type { PolledTask } from '@/lib/speech-task/poll-task';
import { spacedRequest } from '@/lib/speech-task/spaced-request';

/** The three shapes the spec allows for a listed task's input (section 3, 'Task listing'). */
export type TaskInput = string | { text?: string } | (string | { text?: string })[];

/** A task of the list, read as tolerantly as a polled one, whose input may take any of the spec's shapes. */
export type ListedTask = Omit<PolledTask, 'input'> & { input?: TaskInput };

/** The list's answer, with the list itself allowed to be missing. */
type ListedTasks = Partial<Record<keyof TaskList, ListedTask[]>>;

/** Waits before each retry of the task list: 1, 2 and then 3 seconds (spec section 7). */
export const TASK_LIST_RETRY_DELAYS_MS = [1_000, 2_000, 3_000];

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const leave = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', leave);
      resolve();
    }, ms);
    signal?.addEventListener('abort', leave, { once: true });
  });
}

/** The text of a listed task, whichever shape its input has. */
export function taskInputText(input: TaskInput | undefined): string {
  if (typeof input === 'string') return input;
  if (Array.isArray(input)) return input.map((part) => (typeof part === 'string' ? part : (part.text ?? ''))).join('');
  return input?.text ?? '';
}

/**
 * GET /api/minimax/tasks, tried once and retried up to three times after 1, 2 and 3 s. `signal`
 * aborts the request in flight (or waiting for its turn) and stops the retries.
 */
export async function listProviderATasks(
  wait: (ms: number, signal?: AbortSignal) => Promise<void> = sleep,
  signal?: AbortSignal,
): Promise<ListedTask[]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await spacedRequest<ListedTasks>('/minimax/tasks', { signal: signal ?? null });
      return answer.items ?? [];
    } catch (error) {
      const delay = TASK_LIST_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || signal?.aborted) throw error;
      await wait(delay, signal);
    }
  }
}
