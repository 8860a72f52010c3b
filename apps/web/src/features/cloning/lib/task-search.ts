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
 */
export async function findTaskByText(
  text: string,
  listTasks: () => Promise<ListedTask[]>,
  wait: (ms: number) => Promise<void>,
  maxAttempts = 120,
): Promise<string> {
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    try {
      const found = (await listTasks()).find((task) => sameText(taskInputText(task.input), text));
      const id = found?.task_id ?? found?.id;
      if (id) return id;
      await wait(3_000);
    } catch {
      await wait(5_000);
    }
  }
  throw new Error(TASK_NOT_FOUND_MESSAGE);
}
