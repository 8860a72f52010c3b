import { type ListedTask, taskInputText } from '../api/task-list';

export const TASK_NOT_FOUND_MESSAGE = 'Task not found after searching';

/** Whether a listed task is the one submitted: either text contains the other, ignoring case. */
export function sameText(a: string, b: string): boolean {
  const left = a.trim().toLowerCase();
  const right = b.trim().toLowerCase();
  return Boolean(left && right) && (left.includes(right) || right.includes(left));
}

/**
 * The fallback when a submission returned no task id (spec section 4): look for the task in the
 * task list by its text every 3 s, up to 120 attempts; an error waits 5 s and counts as an attempt.
 * `signal` ends the search (the studio was left or the attempt stopped): no list is asked for after
 * it aborts, the list in flight and the wait under way get it too, and the search rejects with its reason.
 */
export async function findTaskByText(
  text: string,
  listTasks: (signal?: AbortSignal) => Promise<ListedTask[]>,
  wait: (ms: number, signal?: AbortSignal) => Promise<void>,
  { maxAttempts = 120, signal }: { maxAttempts?: number; signal?: AbortSignal } = {},
): Promise<string> {
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    signal?.throwIfAborted();
    let delay = 3_000;
    try {
      const found = (await listTasks(signal)).find((task) => sameText(taskInputText(task.input), text));
      const id = found?.task_id ?? found?.id;
      if (id) return id;
    } catch (error) {
      // A search nobody waits for any more ends here, not after another 5 s.
      if (signal?.aborted) throw error;
      delay = 5_000;
    }
    await wait(delay, signal);
  }
  throw new Error(TASK_NOT_FOUND_MESSAGE);
}
