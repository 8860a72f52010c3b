import { useCallback, useEffect, useRef, useState } from 'react';
import { normalizeAudioUrl } from './audio-url';
import { type PolledTask, type PollSchedule, pollTask } from './poll-task';

/** Where an attempt failed: its words differ on the landing demo (a refused submission is not a failed generation). */
export type SpeechTaskStage = 'submit' | 'poll';

export type SpeechTaskState =
  | { phase: 'idle' }
  /**
   * `task` is the latest answer of the poll, null until the first one arrives. `streamUrl` is the
   * task's audio as it is spoken (our server's `stream_url`), from the first answer that had one.
   */
  | { phase: 'generating'; task: PolledTask | null; streamUrl?: string }
  /** `streamUrl` stays when one was given, so a player still on the stream can hand over to `audioUrl`. */
  | { phase: 'done'; task: PolledTask; audioUrl: string; streamUrl?: string }
  | { phase: 'error'; message: string };

/** A submitted task: its id, and the link its audio streams from while it renders when the server gave one. */
export interface SubmittedSpeech {
  taskId: string;
  streamUrl?: string | null;
}

export interface SpeechTaskConfig<Input> {
  /** Sends the work and resolves with the id of the task to poll (or the id and its stream link). */
  submit: (input: Input, signal: AbortSignal) => Promise<string | SubmittedSpeech>;
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
 * stops the attempt under way, and so does unmounting (the person left the page); a stopped
 * attempt leaves the state as it is. `submit` and `getTask` get the attempt's signal.
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
      const submitted = await submit(input, controller.signal);
      const taskId = typeof submitted === 'string' ? submitted : submitted.taskId;
      stage = 'poll';
      // Each answer signs its links afresh: the player keeps the first stream link, not a new one per poll.
      let streamUrl =
        typeof submitted === 'string' || !submitted.streamUrl ? undefined : normalizeAudioUrl(submitted.streamUrl);
      // The submission's answer brings the link, so the speech plays as soon as its first sentence exists.
      if (streamUrl) setState({ phase: 'generating', task: null, streamUrl });
      const { task, audioUrl } = await pollTask({
        getTask: () => getTask(taskId, controller.signal),
        maxTries: schedule.maxTries,
        delayMs: schedule.delayMs,
        timeoutMessage,
        signal: controller.signal,
        wait,
        onUpdate: (update) => {
          if (!streamUrl && update.stream_url) streamUrl = normalizeAudioUrl(update.stream_url);
          setState({ phase: 'generating', task: update, ...(streamUrl ? { streamUrl } : {}) });
        },
      });
      setState({ phase: 'done', task, audioUrl, ...(streamUrl ? { streamUrl } : {}) });
      onDone?.(task, audioUrl);
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ phase: 'error', message: describeError(error, stage) });
    } finally {
      onSettled?.();
    }
  }, []);

  /** Stops the attempt under way, if any. */
  const cancel = useCallback(() => running.current?.abort(), []);

  // Leaving the page stops the attempt: no more polls of a task nobody is watching.
  useEffect(() => () => running.current?.abort(), []);

  /** Shows a problem found before anything was sent, in place of the last result. */
  const fail = useCallback((message: string) => setState({ phase: 'error', message }), []);

  return { state, start, cancel, fail };
}
