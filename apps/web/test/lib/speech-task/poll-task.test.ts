import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { pollTask } from '@/lib/speech-task/poll-task';

const noWait = async () => {};

function answers(...replies: (object | Error)[]) {
  const getTask = vi.fn();
  for (const reply of replies) {
    if (reply instanceof Error) getTask.mockRejectedValueOnce(reply);
    else getTask.mockResolvedValueOnce(reply);
  }
  return getTask;
}

describe('polling a task', () => {
  it('goes on after a 404, reports progress, and returns the audio URL', async () => {
    const updates: unknown[] = [];
    const getTask = answers(
      new ApiError('Task not found', 404),
      { status: 'processing', progress: 40 },
      { status: 'done', metadata: { audio_url: 'https://cdn.example/a.mp3' } },
    );
    const result = await pollTask({
      getTask,
      maxTries: 5,
      delayMs: () => 5000,
      timeoutMessage: 'timeout',
      wait: noWait,
      onUpdate: (t) => updates.push(t.progress),
    });
    expect(result.audioUrl).toBe('https://cdn.example/a.mp3');
    expect(getTask).toHaveBeenCalledTimes(3);
    expect(updates).toEqual([40, undefined]);
  });

  it('throws the task error, the missing-URL error, and the timeout', async () => {
    const base = {
      maxTries: 2,
      delayMs: () => 1,
      timeoutMessage: 'Task polling timeout. Please try again with shorter text.',
      wait: noWait,
    };
    await expect(
      pollTask({ ...base, getTask: answers({ status: 'failed', error_message: 'voice not found' }) }),
    ).rejects.toThrow('The selected voice is not available. Please select a different voice.');
    await expect(pollTask({ ...base, getTask: answers({ status: 'completed' }) })).rejects.toThrow(
      'Task completed but no audio URL found',
    );
    await expect(
      pollTask({ ...base, getTask: answers({ status: 'queued' }, new ApiError('Task not found', 404)) }),
    ).rejects.toThrow('Task polling timeout. Please try again with shorter text.');
  });

  it('does not count answers of a task still waiting in line against its tries', async () => {
    const waiting = (position: number) => ({ status: 'queued', queue_position: position });
    const getTask = answers(
      waiting(3),
      waiting(2),
      waiting(1),
      waiting(0),
      { status: 'processing', progress: 50, queue_position: null },
      { status: 'done', audio_url: 'https://cdn.example/a.mp3' },
    );
    const result = await pollTask({ getTask, maxTries: 2, delayMs: () => 1, timeoutMessage: 'timeout', wait: noWait });
    expect(result.audioUrl).toBe('https://cdn.example/a.mp3');
    expect(getTask).toHaveBeenCalledTimes(6);
  });

  it('applies the failure table to a failed task only, never to its own timeout', async () => {
    const base = { maxTries: 3, delayMs: () => 5000, wait: noWait };
    await expect(
      pollTask({
        ...base,
        timeoutMessage: 'Task polling timeout after ~10 minutes. Please try again with shorter text.',
        getTask: answers({ status: 'queued' }, { status: 'running' }, { status: 'running' }),
      }),
    ).rejects.toThrow(/^Task polling timeout after ~10 minutes\. Please try again with shorter text\.$/);
    await expect(
      pollTask({ ...base, timeoutMessage: 't', getTask: answers({ status: 'error', error: 'worker timeout' }) }),
    ).rejects.toThrow(/^Request timed out\. Please try again\.$/);
    await expect(pollTask({ ...base, timeoutMessage: 't', getTask: answers({ status: 'failed' }) })).rejects.toThrow(
      /^Task failed$/,
    );
  });

  it('waits the schedule’s delay before every attempt', async () => {
    const waits: number[] = [];
    await pollTask({
      getTask: answers(new ApiError('Task not found', 404), {
        status: 'ready',
        audio_url: 'https://cdn.example/b.mp3',
      }),
      maxTries: 5,
      delayMs: (attempt) => attempt * 1000,
      timeoutMessage: 't',
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(waits).toEqual([1000, 2000]);
  });

  it('stops on other errors at once', async () => {
    await expect(
      pollTask({
        getTask: answers(new ApiError('API Error: 500 Internal Server Error', 500)),
        maxTries: 5,
        delayMs: () => 1,
        timeoutMessage: 't',
        wait: noWait,
      }),
    ).rejects.toThrow('API Error: 500');
  });
});
