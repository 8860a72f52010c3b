import { useCallback, useRef, useState } from 'react';
import { type PolledTask, type PollSchedule, pollTask } from './poll-task';

/** Where an attempt failed: its words differ on the landing demo (a refused submission is not a failed generation). */
export type SpeechTaskStage = 'submit' | 'poll';

export type SpeechTaskState =
  | { phase: 'idle' }
  /** `task` is the latest answer of the poll, null until the first one arrives. */
  | { phase: 'generating'; task: PolledTask | null }
  | { phase: 'done'; task: PolledTask; audioUrl: string }
  | { phase: 'error'; message: string };

export interface SpeechTaskConfig<Input> {
  /** Sends the work and resolves with the id of the task to poll. */
  submit: (input: Input, signal: AbortSignal) => Promise<string>;
  getTask: (taskId: string, signal: AbortSignal) => Promise<PolledTask>;
  schedule: PollSchedule;
  timeoutMessage: string;
  /** Turns whatever stopped the attempt into the line the screen shows. */
  describeError: (error: unknown, stage: SpeechTaskStage) => string;
  /** Runs in the same render as the finished state (the clone studio starts its 3 s notice here). */
  onDone?: (task: PolledTask, audioUrl: string) => void;
  /** Runs after every attempt, finished, failed or stopped (the studios refresh the credits here). */
  onSettled?: () => void;
  /** For tests: how the poll waits between reads. */
  wait?: (ms: number) => Promise<void>;
}

/**
 * Submit, poll, result: the one flow behind the landing demo and both studios. Starting again
 * stops the attempt under way; a stopped attempt leaves the state as it is.
 */
export function useSpeechTask<Input>(config: SpeechTaskConfig<Input>) {
  const [state, setState] = useState<SpeechTaskState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  // The latest callbacks, read when an attempt starts, so `start` keeps one identity across renders.
  const latest = useRef(config);
  latest.current = config;

  const start = useCallback(async (input: Input) => {
    const { submit, getTask, schedule, timeoutMessage, describeError, onDone, onSettled, wait } = latest.current;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'generating', task: null });
    let stage: SpeechTaskStage = 'submit';
    try {
      const taskId = await submit(input, controller.signal);
      stage = 'poll';
      const { task, audioUrl } = await pollTask({
        getTask: () => getTask(taskId, controller.signal),
        maxTries: schedule.maxTries,
        delayMs: schedule.delayMs,
        timeoutMessage,
        signal: controller.signal,
        wait,
        onUpdate: (update) => setState({ phase: 'generating', task: update }),
      });
      setState({ phase: 'done', task, audioUrl });
      onDone?.(task, audioUrl);
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ phase: 'error', message: describeError(error, stage) });
    } finally {
      onSettled?.();
    }
  }, []);

  /** Stops the attempt under way, if any (the demo does so when the visitor leaves the page). */
  const cancel = useCallback(() => running.current?.abort(), []);

  /** Shows a problem found before anything was sent, in place of the last result. */
  const fail = useCallback((message: string) => setState({ phase: 'error', message }), []);

  return { state, start, cancel, fail };
}
