import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  afterReading,
  nextReadingDelay,
  type PolledTask,
  type PollProgress,
  type PollSchedule,
  pollOutcome,
  pollStart,
  readTask,
} from './poll-task';
import { isVoiceProcessingFailure } from './task-errors';

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
  /** `voiceProcessing` marks the failure table's corrupted-voice line, for which the clone studio lists remedies. */
  | { phase: 'error'; message: string; voiceProcessing?: true };

/** A submitted task: its id, and the link its audio streams from while it renders when the server gave one. */
export interface SubmittedSpeech {
  taskId: string;
  streamUrl?: string | null;
}

export interface SpeechTaskConfig<Input> {
  /** Sends the work and resolves with the id of the task to poll (or the id and its stream link). */
  submit: (input: Input, signal: AbortSignal) => Promise<string | SubmittedSpeech>;
  /** One reading of the task; `signal` aborts when the reading is no longer wanted. */
  getTask: (taskId: string, signal: AbortSignal) => Promise<PolledTask>;
  schedule: PollSchedule;
  timeoutMessage: string;
  /** Turns whatever stopped the attempt into the line the screen shows. */
  describeError: (error: unknown, stage: SpeechTaskStage) => string;
  /** Runs in the same render as the finished state (the clone studio starts its 3 s notice here). */
  onDone?: (task: PolledTask, audioUrl: string) => void;
  /** Runs after every attempt, finished, failed or stopped (the studios refresh the credits here). */
  onSettled?: () => void;
}

/** One press of Generate, from its submission to its end. */
interface Attempt {
  id: number;
  /** Aborts the submission when the attempt is stopped (TanStack's mutations carry no signal of their own). */
  controller: AbortController;
  ended: boolean;
  /** Ends the promise `start` returned. */
  resolve: () => void;
}

/** The task being polled, and the attempt it belongs to. */
interface Polling {
  attemptId: number;
  taskId: string;
  streamUrl?: string | null;
}

/** Each attempt polls its own query, so no reading of an earlier attempt is ever reused. */
const pollKey = (polling: Polling | null) => ['speech-task', polling?.attemptId ?? 0, polling?.taskId ?? ''] as const;

let attempts = 0;

/**
 * Submit, poll, result: the one flow behind the landing demo and both studios, on TanStack Query.
 * The submission is a mutation; the task is a query read on the schedule's `refetchInterval`
 * whose reading gets the query's `signal`. Starting again stops the attempt under way, and so does
 * unmounting (the person left the page): the query loses its observer, which aborts a reading in
 * flight (queued or sent) and ends the interval, and the submission's signal aborts. A stopped
 * attempt leaves the state as it is. `start` resolves when the attempt ends.
 */
export function useSpeechTask<Input>(config: SpeechTaskConfig<Input>) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SpeechTaskState>({ phase: 'idle' });
  const [polling, setPolling] = useState<Polling | null>(null);
  const running = useRef<Attempt | null>(null);
  // The latest callbacks, read when they are needed, so `start` keeps one identity across renders.
  const latest = useRef(config);
  latest.current = config;

  const { mutateAsync: submit } = useMutation({
    mutationFn: ({ input, signal }: { input: Input; signal: AbortSignal }) => latest.current.submit(input, signal),
  });

  const key = pollKey(polling);
  const reading = useQuery({
    queryKey: key,
    queryFn: polling
      ? async ({ signal }) => {
          const answer = await readTask(() => latest.current.getTask(polling.taskId, signal));
          // The progress so far is this query's own data: the readings of one task, one after another.
          return afterReading(queryClient.getQueryData<PollProgress>(key) ?? pollStart(polling.streamUrl), answer);
        }
      : skipToken,
    // The task is read first after the schedule's first wait, not on arrival: the submission was just sent.
    initialData: () => pollStart(polling?.streamUrl),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: (query) => {
      const progress = query.state.data;
      if (!polling || !progress || query.state.status === 'error') return false;
      return nextReadingDelay(progress, latest.current.schedule, latest.current.timeoutMessage);
    },
    // A person who looks at another tab still wants the result when they come back.
    refetchIntervalInBackground: true,
    // Every failure but 'not found' ends the attempt (spec section 4).
    retry: false,
    // Nothing watches an attempt that ended: forget it at once.
    gcTime: 0,
  });

  /** Ends the attempt: once, whatever ended it. */
  const end = useCallback((attempt: Attempt) => {
    if (attempt.ended) return;
    attempt.ended = true;
    attempt.controller.abort();
    if (running.current === attempt) running.current = null;
    latest.current.onSettled?.();
    attempt.resolve();
  }, []);

  // Each reading moves the screen on, and the last one ends the attempt.
  useEffect(() => {
    const attempt = running.current;
    if (!polling || !attempt || attempt.id !== polling.attemptId) return;
    const { schedule, timeoutMessage, describeError, onDone } = latest.current;
    const progress = reading.data ?? pollStart(polling.streamUrl);
    const stream = progress.streamUrl ? { streamUrl: progress.streamUrl } : {};
    const outcome = reading.error
      ? ({ kind: 'failed', error: reading.error } as const)
      : pollOutcome(progress, schedule.maxTries, timeoutMessage);
    if (outcome.kind === 'polling') {
      if (progress.reads > 0) setState({ phase: 'generating', task: progress.task, ...stream });
      return;
    }
    if (outcome.kind === 'done') {
      setState({ phase: 'done', task: outcome.task, audioUrl: outcome.audioUrl, ...stream });
      onDone?.(outcome.task, outcome.audioUrl);
    } else {
      setState({
        phase: 'error',
        message: describeError(outcome.error, 'poll'),
        ...(isVoiceProcessingFailure(outcome.error) ? { voiceProcessing: true } : {}),
      });
    }
    setPolling(null);
    end(attempt);
  }, [polling, reading.data, reading.error, end]);

  /** Stops the attempt under way, if any: its submission is aborted and its task no longer read. */
  const stop = useCallback(() => {
    const attempt = running.current;
    if (!attempt) return;
    end(attempt);
    setPolling(null);
    // Unobserving the query would abort a reading in flight on the next render; this does it now.
    void queryClient.cancelQueries({ queryKey: ['speech-task', attempt.id] });
  }, [end, queryClient]);

  const start = useCallback(
    (input: Input): Promise<void> => {
      stop();
      const controller = new AbortController();
      let resolve = () => {};
      const finished = new Promise<void>((done) => {
        resolve = done;
      });
      const attempt: Attempt = { id: ++attempts, controller, ended: false, resolve };
      running.current = attempt;
      setState({ phase: 'generating', task: null });
      submit({ input, signal: controller.signal }).then(
        (submitted) => {
          if (attempt.ended) return;
          const taskId = typeof submitted === 'string' ? submitted : submitted.taskId;
          const streamUrl = typeof submitted === 'string' ? null : submitted.streamUrl;
          const progress = pollStart(streamUrl);
          // The submission's answer brings the link, so the speech plays as soon as its first sentence exists.
          if (progress.streamUrl) setState({ phase: 'generating', task: null, streamUrl: progress.streamUrl });
          setPolling({ attemptId: attempt.id, taskId, streamUrl });
        },
        (error: unknown) => {
          if (attempt.ended) return;
          setState({ phase: 'error', message: latest.current.describeError(error, 'submit') });
          end(attempt);
        },
      );
      return finished;
    },
    [stop, submit, end],
  );

  // Leaving the page stops the attempt: its submission is aborted, and its query, no longer
  // observed, aborts its reading and stops its interval.
  useEffect(
    () => () => {
      const attempt = running.current;
      if (attempt) end(attempt);
    },
    [end],
  );

  /** Shows a problem found before anything was sent, in place of the last result. */
  const fail = useCallback((message: string) => setState({ phase: 'error', message }), []);

  return { state, start, cancel: stop, fail };
}
