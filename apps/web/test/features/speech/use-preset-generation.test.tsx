import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePresetGeneration } from '@/features/speech/hooks/use-preset-generation';
import { resetSpacing } from '@/lib/speech-task/spaced-request';
import { json, stubApi } from '../../support/render-dashboard';

const REQUEST = {
  text: 'Hello there.',
  voice_id: 'espeak-en-gb-m3',
  model_id: 'espeak-standard',
  with_transcript: false,
  speed: 1,
  pitch: 0,
  volume: 1,
};

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

/** Runs a generation to its end, letting the (faked) spacing and polling delays pass. */
async function settle(start: () => Promise<void>) {
  let settled = false;
  act(() => void start().then(() => (settled = true)));
  // A second at a time, each in its own act, as a page sees them: the task's readings come seconds apart.
  for (let second = 0; !settled && second < 3_600; second += 1) {
    await act(() => vi.advanceTimersByTimeAsync(1_000));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  resetSpacing();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the /dashboard2 generation errors', () => {
  const me = () => json({ uid: 'u1', credits: 10_000 });

  async function generateWith(taskAnswer: () => Response, submitAnswer = () => json({ task_id: 't1' })) {
    stubApi({
      'GET /api/me': me,
      'POST /api/elevenlabs/tts': submitAnswer,
      'GET /api/elevenlabs/task/t1': taskAnswer,
    });
    const { result } = renderHook(() => usePresetGeneration(), { wrapper });
    await settle(() => result.current.generate(REQUEST, true));
    return result.current.state;
  }

  it('keeps the screen’s own polling timeout instead of the failure table’s timeout wording', async () => {
    const state = await generateWith(() => json({ status: 'processing', progress: 10 }));
    expect(state).toEqual({
      phase: 'error',
      message: 'Task polling timeout after ~10 minutes. Please try again with shorter text.',
    });
  });

  it('shows a refused submission’s own message', async () => {
    const state = await generateWith(
      () => json({}),
      () => json({ error: 'Text exceeds maximum length of 50,000 characters' }, 400),
    );
    expect(state).toEqual({ phase: 'error', message: 'Text exceeds maximum length of 50,000 characters' });
  });

  it('says a finished task had no audio URL', async () => {
    const state = await generateWith(() => json({ status: 'done' }));
    expect(state).toEqual({ phase: 'error', message: 'Task completed but no audio URL found' });
  });

  it('maps a failed task’s code through the failure table', async () => {
    const state = await generateWith(() =>
      json({ status: 'failed', error_code: 'TIMEOUT', error_message: 'engine timeout after 30 s' }),
    );
    expect(state).toEqual({ phase: 'error', message: 'Request timed out. Please try again.' });
  });

  it('words a failed task without a message as the generate screens do', async () => {
    const state = await generateWith(() => json({ status: 'error' }));
    expect(state).toEqual({ phase: 'error', message: 'Error generating voice. Try again.' });
  });

  it('says so when no task id comes back', async () => {
    const state = await generateWith(
      () => json({}),
      () => json({}),
    );
    expect(state).toEqual({ phase: 'error', message: 'Failed to start voice generation: No task ID returned.' });
  });
});
