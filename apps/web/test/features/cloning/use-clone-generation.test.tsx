import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCloneGeneration } from '@/features/cloning/hooks/use-clone-generation';
import { resetSpacing } from '@/lib/speech-task/spaced-request';
import { json, stubApi } from '../../support/render-dashboard';

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

describe('the /dashboard3 generation errors', () => {
  it('keeps the generic polling timeout message', async () => {
    stubApi({
      'POST /api/tts': () => json({ task_id: 'c1' }),
      'GET /api/task/c1': () => json({ status: 'queued' }),
    });
    const { result } = renderHook(() => useCloneGeneration(), { wrapper });
    await settle(() => result.current.generate({ text: 'Hi.', voiceId: 'v1', speed: 1, volume: 1, pitch: 0 }));
    expect(result.current.state).toEqual({
      phase: 'error',
      message: 'Task polling timeout. Please try again with shorter text.',
    });
  });

  it('maps a voice processing failure, by its code, to the corrupted-voice message', async () => {
    stubApi({
      'POST /api/tts': () => json({ task_id: 'c2' }),
      'GET /api/task/c2': () =>
        json({ status: 'failed', error: 'tts_chunk_error: chunk 2 of 4', error_code: 'VOICE_PROCESSING' }),
    });
    const { result } = renderHook(() => useCloneGeneration(), { wrapper });
    await settle(() => result.current.generate({ text: 'Hi.', voiceId: 'v1', speed: 1, volume: 1, pitch: 0 }));
    expect(result.current.state).toEqual({
      phase: 'error',
      message:
        'Voice processing error: the voice may be corrupted; create a new clone with better audio, use a different voice, or use a file of at least 10 seconds',
      // Marked by the code, not the words: the studio lists what to do under it.
      voiceProcessing: true,
    });
  });
});
