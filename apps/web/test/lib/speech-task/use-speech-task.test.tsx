import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { PolledTask } from '@/lib/speech-task/poll-task';
import { resetSpacing, spacedRequest } from '@/lib/speech-task/spaced-request';
import { type SpeechTaskConfig, useSpeechTask } from '@/lib/speech-task/use-speech-task';

beforeEach(() => {
  vi.useFakeTimers();
  // The query cache tells its observers on a zero timeout, which a fake clock holds until it moves
  // on: a microtask lets a reading's answer reach the screen within the wait that brought it.
  notifyManager.setScheduler(queueMicrotask);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
});

const DELAY_MS = 1_000;

/** Lets `ms` of the fake clock pass, with React and the query cache brought up to date. */
const pass = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

interface Reading {
  taskId: string;
  signal: AbortSignal;
  /** On the fake clock, since the flow was made. */
  at: number;
}

/**
 * A flow whose readings are answered from `answers` in order (an in-progress answer once they run
 * out), 1 s apart, 3 tries at most; every reading is noted with its signal and time.
 */
function flow(answers: (PolledTask | Error)[], overrides: Partial<SpeechTaskConfig<string>> = {}) {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const born = Date.now();
  const readings: Reading[] = [];
  const getTask = vi.fn(async (taskId: string, signal: AbortSignal) => {
    readings.push({ taskId, signal, at: Date.now() - born });
    const answer = answers.shift() ?? { status: 'processing' };
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const config: SpeechTaskConfig<string> = {
    submit: async (text) => `task-for-${text}`,
    getTask,
    schedule: { maxTries: 3, delayMs: () => DELAY_MS },
    timeoutMessage: 'Took too long',
    describeError: (error, stage) => `${stage}: ${error instanceof Error ? error.message : String(error)}`,
    ...overrides,
  };
  return { readings, queryClient, ...renderHook(() => useSpeechTask(config), { wrapper }) };
}

describe('useSpeechTask', () => {
  it('reads the task after each wait, shows each reading, and ends with the task and its audio URL', async () => {
    const onDone = vi.fn();
    const { result, readings } = flow(
      [
        { status: 'processing', progress: 30 },
        { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
      ],
      { onDone },
    );
    act(() => void result.current.start('hello'));
    expect(result.current.state).toEqual({ phase: 'generating', task: null });
    await pass(DELAY_MS);
    expect(result.current.state).toEqual({ phase: 'generating', task: { status: 'processing', progress: 30 } });
    await pass(DELAY_MS);
    expect(result.current.state).toEqual({
      phase: 'done',
      task: { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
      audioUrl: 'https://cdn.example/a.mp3',
    });
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'done' }), 'https://cdn.example/a.mp3');
    expect(readings.map(({ taskId, at }) => `${taskId}@${at}`)).toEqual(['task-for-hello@1000', 'task-for-hello@2000']);
  });

  it('waits the schedule’s delay before every reading', async () => {
    const { result, readings } = flow([], { schedule: { maxTries: 4, delayMs: (attempt) => attempt * 1_000 } });
    act(() => void result.current.start('hello'));
    await pass(20_000);
    expect(readings.map(({ at }) => at)).toEqual([1_000, 3_000, 6_000, 10_000]);
  });

  it('stops reading a finished task, and resolves the attempt', async () => {
    const { result, readings } = flow([{ status: 'completed', audio_url: 'https://cdn.example/a.mp3' }]);
    let ended = false;
    act(() => void result.current.start('hello').then(() => (ended = true)));
    await pass(DELAY_MS);
    expect(result.current.state).toMatchObject({ phase: 'done' });
    expect(ended).toBe(true);
    await pass(DELAY_MS * 10);
    expect(readings).toHaveLength(1);
  });

  it('tells the error wording whether the submission or the generation failed', async () => {
    const refused = flow([], {
      submit: async () => {
        throw new Error('refused');
      },
    });
    await act(() => refused.result.current.start('hello'));
    expect(refused.result.current.state).toEqual({ phase: 'error', message: 'submit: refused' });

    const failed = flow([{ status: 'failed', error_message: 'engine crashed' }]);
    act(() => void failed.result.current.start('hello'));
    await pass(DELAY_MS);
    expect(failed.result.current.state).toEqual({ phase: 'error', message: 'poll: engine crashed' });

    const broken = flow([new ApiError('Internal server error', 500)]);
    act(() => void broken.result.current.start('hello'));
    await pass(DELAY_MS * 5);
    expect(broken.result.current.state).toEqual({ phase: 'error', message: 'poll: Internal server error' });
    expect(broken.readings).toHaveLength(1);
  });

  it('goes on after a task the server does not know yet, counting it as a try', async () => {
    // A reworded message changes nothing: the status says 'not found'.
    const { result, readings } = flow([
      new ApiError('Renamed message', 404),
      { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
    ]);
    act(() => void result.current.start('hello'));
    await pass(DELAY_MS * 2);
    expect(result.current.state).toMatchObject({ phase: 'done' });
    expect(readings).toHaveLength(2);
  });

  it('gives the timeout message after the last try, and reads no more', async () => {
    const onSettled = vi.fn();
    const { result, readings } = flow([{ status: 'queued' }, { status: 'queued' }, { status: 'queued' }], {
      onSettled,
    });
    act(() => void result.current.start('hello'));
    await pass(DELAY_MS * 3);
    expect(result.current.state).toEqual({ phase: 'error', message: 'poll: Took too long' });
    await pass(DELAY_MS * 10);
    expect(readings).toHaveLength(3);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('does not count readings of a task still waiting in line against its tries', async () => {
    const waiting = (position: number) => ({ status: 'queued', queue_position: position });
    const { result, readings } = flow([
      waiting(3),
      waiting(2),
      waiting(1),
      waiting(0),
      { status: 'processing', queue_position: null },
      { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
    ]);
    act(() => void result.current.start('hello'));
    await pass(DELAY_MS * 6);
    expect(result.current.state).toMatchObject({ phase: 'done' });
    expect(readings).toHaveLength(6);
  });

  it('stops reading when the page that started it unmounts, aborting the reading in flight', async () => {
    const signals: AbortSignal[] = [];
    const { result, unmount } = flow([], {
      // A reading that never answers: it is still in flight when the page goes.
      getTask: (_taskId, signal) => {
        signals.push(signal);
        return new Promise<PolledTask>(() => {});
      },
    });
    act(() => void result.current.start('hello'));
    await pass(DELAY_MS);
    expect(signals).toHaveLength(1);
    unmount();
    expect(signals[0]?.aborted).toBe(true);
    await pass(DELAY_MS * 10);
    expect(signals).toHaveLength(1);
  });

  it('stops reading between readings when the page unmounts, and removes the task’s query', async () => {
    const { result, unmount, readings, queryClient } = flow([]);
    act(() => void result.current.start('hello'));
    await pass(DELAY_MS);
    expect(readings).toHaveLength(1);
    unmount();
    await pass(DELAY_MS * 10);
    expect(readings).toHaveLength(1);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['speech-task'] })).toEqual([]);
  });

  it('aborts the submission when the page unmounts before it answered, and never reads', async () => {
    let submitSignal: AbortSignal | undefined;
    const { result, unmount, readings } = flow([], {
      submit: (_text, signal) => {
        submitSignal = signal;
        return new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('late')));
      },
    });
    act(() => void result.current.start('hello'));
    await pass(0);
    expect(submitSignal?.aborted).toBe(false);
    unmount();
    expect(submitSignal?.aborted).toBe(true);
    await pass(DELAY_MS * 10);
    expect(readings).toHaveLength(0);
  });

  it('stops the first attempt when a second starts: its task is read no more', async () => {
    const { result, readings } = flow([]);
    act(() => void result.current.start('first'));
    await pass(DELAY_MS);
    act(() => void result.current.start('second'));
    await pass(DELAY_MS * 2);
    expect(readings.map(({ taskId }) => taskId)).toEqual(['task-for-first', 'task-for-second', 'task-for-second']);
    expect(readings[0]?.signal.aborted).toBe(false);
  });

  it('aborts the first attempt’s reading in flight when a second starts', async () => {
    const signals: AbortSignal[] = [];
    const { result } = flow([], {
      getTask: (_taskId, signal) => {
        signals.push(signal);
        return new Promise<PolledTask>(() => {});
      },
    });
    act(() => void result.current.start('first'));
    await pass(DELAY_MS);
    act(() => void result.current.start('second'));
    expect(signals[0]?.aborted).toBe(true);
  });

  it('leaves the state alone when the attempt is stopped, and still settles', async () => {
    const onSettled = vi.fn();
    const { result, readings } = flow([{ status: 'done', audio_url: 'https://cdn.example/a.mp3' }], { onSettled });
    let attempt: Promise<void> = Promise.resolve();
    act(() => {
      attempt = result.current.start('hello');
    });
    // The submission answered, so the task is waiting for its first reading.
    await pass(0);
    act(() => result.current.cancel());
    await act(() => attempt);
    await pass(DELAY_MS * 5);
    expect(readings).toHaveLength(0);
    expect(result.current.state).toEqual({ phase: 'generating', task: null });
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('shows a problem found before sending in place of the last result', async () => {
    const { result } = flow([{ status: 'done', audio_url: 'https://cdn.example/a.mp3' }]);
    act(() => void result.current.start('hello'));
    await pass(DELAY_MS);
    act(() => result.current.fail('Please enter text to generate.'));
    expect(result.current.state).toEqual({ phase: 'error', message: 'Please enter text to generate.' });
  });

  it('plays from the stream link the submission gave, before the first reading, and keeps it to the end', async () => {
    const stream = 'https://studio.example/api/files/tasks/t/audio.mp3?expires=1&sig=a';
    const { result } = flow(
      [
        // A later answer signs the link afresh; the player must not be sent to a new address.
        { status: 'processing', progress: 40, stream_url: `${stream}-resigned` },
        { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
      ],
      { submit: async (text) => ({ taskId: `task-for-${text}`, streamUrl: stream }) },
    );
    act(() => void result.current.start('hello'));
    await pass(0);
    expect(result.current.state).toEqual({ phase: 'generating', task: null, streamUrl: stream });
    await pass(DELAY_MS);
    expect(result.current.state).toMatchObject({ phase: 'generating', task: { progress: 40 }, streamUrl: stream });
    await pass(DELAY_MS);
    expect(result.current.state).toEqual({
      phase: 'done',
      task: { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
      audioUrl: 'https://cdn.example/a.mp3',
      streamUrl: stream,
    });
  });

  it('takes the stream link from the first reading that has one when the submission gave none', async () => {
    const stream = 'https://studio.example/api/files/tasks/t/audio.mp3?expires=1&sig=b';
    const { result } = flow([
      { status: 'queued', queue_position: 1 },
      { status: 'processing', stream_url: stream },
      { status: 'processing', stream_url: `${stream}-resigned` },
      { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
    ]);
    act(() => void result.current.start('hello'));
    await pass(DELAY_MS * 4);
    expect(result.current.state).toMatchObject({ phase: 'done', streamUrl: stream });
  });

  it('takes a reading waiting in the spacing lane out of it when the page unmounts, so the next page keeps its time', async () => {
    resetSpacing();
    const born = Date.now();
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        sent.push(`${url}@${Date.now() - born}`);
        return new Response('{"status":"processing"}', { headers: { 'content-type': 'application/json' } });
      }),
    );
    try {
      const { result, unmount } = flow([], {
        getTask: (taskId, signal) => spacedRequest<PolledTask>(`/task/${taskId}`, { signal }),
      });
      act(() => void result.current.start('hello'));
      // Another call of the person's, just before the reading is due: the reading waits a second behind it.
      await pass(DELAY_MS - 1);
      void spacedRequest('/credits');
      await pass(500);
      unmount();
      // The page the person went to asks for something: it waits only for the call that was sent.
      const next = spacedRequest('/voices');
      await pass(DELAY_MS * 5);
      await next;
      expect(sent).toEqual(['/api/credits@999', '/api/voices@1999']);
    } finally {
      vi.unstubAllGlobals();
      resetSpacing();
    }
  });
});
