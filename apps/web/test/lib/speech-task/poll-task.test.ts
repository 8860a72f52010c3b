import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  afterReading,
  nextReadingDelay,
  type PolledTask,
  type PollProgress,
  pollOutcome,
  pollStart,
  readTask,
} from '@/lib/speech-task/poll-task';

/** The progress after the given answers, one reading each (null: not found). */
const after = (answers: (PolledTask | null)[], start: PollProgress = pollStart()) =>
  answers.reduce<PollProgress>(afterReading, start);

const outcome = (answers: (PolledTask | null)[], maxTries = 5, timeoutMessage = 'timeout') =>
  pollOutcome(after(answers), maxTries, timeoutMessage);

describe('reading a task', () => {
  it('takes a 404 for a task not known yet, whatever its message says', async () => {
    await expect(readTask(async () => Promise.reject(new ApiError('Task not found', 404)))).resolves.toBeNull();
    await expect(readTask(async () => Promise.reject(new ApiError('Anything at all', 404)))).resolves.toBeNull();
  });

  it('lets every other failure through, a message saying “not found” included', async () => {
    await expect(readTask(async () => Promise.reject(new ApiError('Voice not found', 500)))).rejects.toMatchObject({
      status: 500,
    });
    await expect(readTask(async () => Promise.reject(new Error('Task not found')))).rejects.toThrow('Task not found');
  });
});

describe('polling a task', () => {
  it('goes on after a not-found answer, keeps the last task, and returns the audio URL', () => {
    const progress = after([null, { status: 'processing', progress: 40 }, null]);
    expect(progress).toEqual({ reads: 3, tries: 3, task: { status: 'processing', progress: 40 } });
    expect(pollOutcome(progress, 5, 'timeout')).toEqual({ kind: 'polling' });
    expect(outcome([null, { status: 'done', metadata: { audio_url: 'https://cdn.example/a.mp3' } }])).toEqual({
      kind: 'done',
      task: { status: 'done', metadata: { audio_url: 'https://cdn.example/a.mp3' } },
      audioUrl: 'https://cdn.example/a.mp3',
    });
  });

  it('fails with the task error, the missing-URL error, and the timeout', () => {
    const message = (answers: (PolledTask | null)[], maxTries = 2) => {
      const result = outcome(answers, maxTries, 'Task polling timeout. Please try again with shorter text.');
      return result.kind === 'failed' ? result.error.message : result.kind;
    };
    expect(message([{ status: 'failed', error_code: 'VOICE_UNAVAILABLE', error_message: 'voice not found' }])).toBe(
      'The selected voice is not available. Please select a different voice.',
    );
    expect(message([{ status: 'completed' }])).toBe('Task completed but no audio URL found');
    expect(message([{ status: 'queued' }, null])).toBe('Task polling timeout. Please try again with shorter text.');
    expect(message([{ status: 'queued' }])).toBe('polling');
  });

  it('does not count answers of a task still waiting in line against its tries', () => {
    const waiting = (position: number) => ({ status: 'queued', queue_position: position });
    const progress = after([waiting(3), waiting(2), waiting(1), waiting(0), { status: 'processing' }]);
    expect(progress).toMatchObject({ reads: 5, tries: 1 });
    expect(pollOutcome(progress, 2, 'timeout')).toEqual({ kind: 'polling' });
  });

  it('applies the failure table to a failed task only, never to its own timeout', () => {
    const message = (answers: PolledTask[], timeoutMessage = 't') => {
      const result = outcome(answers, 3, timeoutMessage);
      return result.kind === 'failed' ? result.error.message : result.kind;
    };
    const timeout = 'Task polling timeout after ~10 minutes. Please try again with shorter text.';
    expect(message([{ status: 'queued' }, { status: 'running' }, { status: 'running' }], timeout)).toBe(timeout);
    expect(message([{ status: 'error', error_code: 'TIMEOUT', error: 'worker gave up' }])).toBe(
      'Request timed out. Please try again.',
    );
    // A failed task that says nothing: the screen words it (generateScreenError), not the poll.
    expect(outcome([{ status: 'failed' }])).toMatchObject({ kind: 'failed', error: { code: null, message: '' } });
  });

  it('waits the schedule’s delay before each reading, and no more once settled', () => {
    const schedule = { maxTries: 3, delayMs: (attempt: number) => attempt * 1000 };
    expect(nextReadingDelay(pollStart(), schedule, 't')).toBe(1000);
    expect(nextReadingDelay(after([null]), schedule, 't')).toBe(2000);
    expect(nextReadingDelay(after([{ status: 'ready', audio_url: 'https://cdn.example/b.mp3' }]), schedule, 't')).toBe(
      false,
    );
    expect(nextReadingDelay(after([null, null, null]), schedule, 't')).toBe(false);
  });

  it('keeps the first stream link, from the submission or the first answer that had one', () => {
    const link = 'https://studio.example/api/files/tasks/t/audio.mp3?sig=a';
    expect(after([{ status: 'processing', stream_url: `${link}-resigned` }], pollStart(link)).streamUrl).toBe(link);
    expect(
      after([{ status: 'queued' }, { status: 'processing', stream_url: link }, { stream_url: `${link}-resigned` }])
        .streamUrl,
    ).toBe(link);
  });
});
