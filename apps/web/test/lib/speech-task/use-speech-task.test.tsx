import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PolledTask } from '@/lib/speech-task/poll-task';
import { type SpeechTaskConfig, useSpeechTask } from '@/lib/speech-task/use-speech-task';

afterEach(cleanup);

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A flow with instant waits whose task answers come from the list, one per reading. */
function flow(answers: (PolledTask | Error)[], overrides: Partial<SpeechTaskConfig<string>> = {}) {
  const getTask = vi.fn(async () => {
    const answer = answers.shift() ?? {};
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const config: SpeechTaskConfig<string> = {
    submit: async (text) => `task-for-${text}`,
    getTask,
    schedule: { maxTries: 3, delayMs: () => 1_000 },
    timeoutMessage: 'Took too long',
    describeError: (error, stage) => `${stage}: ${error instanceof Error ? error.message : String(error)}`,
    wait: async () => {},
    ...overrides,
  };
  return { getTask, ...renderHook(() => useSpeechTask(config)) };
}

describe('useSpeechTask', () => {
  it('shows each reading while generating and ends with the task and its audio URL', async () => {
    const onDone = vi.fn();
    let release: () => void = () => {};
    const { result, getTask } = flow(
      [
        { status: 'processing', progress: 30 },
        { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
      ],
      {
        onDone,
        wait: () =>
          new Promise<void>((resolve) => {
            release = resolve;
          }),
      },
    );
    let attempt: Promise<void> = Promise.resolve();
    act(() => {
      attempt = result.current.start('hello');
    });
    expect(result.current.state).toEqual({ phase: 'generating', task: null });
    await act(async () => {
      await nextTick();
      release();
      await nextTick();
    });
    expect(result.current.state).toEqual({ phase: 'generating', task: { status: 'processing', progress: 30 } });
    await act(async () => {
      release();
      await attempt;
    });
    expect(getTask).toHaveBeenCalledWith('task-for-hello', expect.any(AbortSignal));
    expect(result.current.state).toEqual({
      phase: 'done',
      task: { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
      audioUrl: 'https://cdn.example/a.mp3',
    });
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'done' }), 'https://cdn.example/a.mp3');
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
    await act(() => failed.result.current.start('hello'));
    expect(failed.result.current.state).toEqual({ phase: 'error', message: 'poll: engine crashed' });
  });

  it('gives the timeout message after the last try', async () => {
    const { result, getTask } = flow([{ status: 'queued' }, { status: 'queued' }, { status: 'queued' }]);
    await act(() => result.current.start('hello'));
    expect(getTask).toHaveBeenCalledTimes(3);
    expect(result.current.state).toEqual({ phase: 'error', message: 'poll: Took too long' });
  });

  it('leaves the state alone when the attempt is stopped, and still settles', async () => {
    const onSettled = vi.fn();
    let release: () => void = () => {};
    const { result } = flow([{ status: 'done', audio_url: 'https://cdn.example/a.mp3' }], {
      onSettled,
      wait: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    });
    let attempt: Promise<void> = Promise.resolve();
    act(() => {
      attempt = result.current.start('hello');
    });
    await act(async () => {
      // Let the submission answer, so the poll is waiting before its first reading.
      await nextTick();
      result.current.cancel();
      release();
      await attempt;
    });
    expect(result.current.state).toEqual({ phase: 'generating', task: null });
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('shows a problem found before sending in place of the last result', async () => {
    const { result } = flow([{ status: 'done', audio_url: 'https://cdn.example/a.mp3' }]);
    await act(() => result.current.start('hello'));
    act(() => result.current.fail('Please enter text to generate.'));
    expect(result.current.state).toEqual({ phase: 'error', message: 'Please enter text to generate.' });
  });

  it('plays from the stream link the submission gave, before the first reading, and keeps it to the end', async () => {
    const stream = 'https://studio.example/api/files/tasks/t/audio.mp3?expires=1&sig=a';
    let release: () => void = () => {};
    const { result } = flow(
      [
        // A later answer signs the link afresh; the player must not be sent to a new address.
        { status: 'processing', progress: 40, stream_url: `${stream}-resigned` },
        { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
      ],
      {
        submit: async (text) => ({ taskId: `task-for-${text}`, streamUrl: stream }),
        wait: () =>
          new Promise<void>((resolve) => {
            release = resolve;
          }),
      },
    );
    let attempt: Promise<void> = Promise.resolve();
    act(() => {
      attempt = result.current.start('hello');
    });
    await act(async () => {
      await nextTick();
    });
    expect(result.current.state).toEqual({ phase: 'generating', task: null, streamUrl: stream });
    await act(async () => {
      release();
      await nextTick();
    });
    expect(result.current.state).toMatchObject({ phase: 'generating', task: { progress: 40 }, streamUrl: stream });
    await act(async () => {
      release();
      await attempt;
    });
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
    await act(async () => {
      await result.current.start('hello');
    });
    expect(result.current.state).toMatchObject({ phase: 'done', streamUrl: stream });
  });

  it('stops polling when the page that started it unmounts', async () => {
    let release: () => void = () => {};
    const signals: AbortSignal[] = [];
    const { result, unmount } = flow([], {
      getTask: vi.fn(async (_taskId: string, signal: AbortSignal) => {
        signals.push(signal);
        return { status: 'processing' };
      }),
      wait: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    });
    let attempt: Promise<void> = Promise.resolve();
    act(() => {
      attempt = result.current.start('hello');
    });
    await act(async () => {
      await nextTick();
      release();
      await nextTick();
    });
    const readsBefore = signals.length;
    expect(readsBefore).toBe(1);
    unmount();
    release();
    await attempt;
    // No reading after the unmount, and the one in flight was told to stop.
    expect(signals).toHaveLength(readsBefore);
    expect(signals[0]?.aborted).toBe(true);
  });
});
