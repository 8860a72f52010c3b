import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCloneGeneration } from '@/features/cloning/hooks/use-clone-generation';
import { findTaskByText } from '@/features/cloning/lib/task-search';
import { resetSpacing } from '@/lib/speech-task/spaced-request';
import { json, stubApi } from '../../support/render-dashboard';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

/** The task list's requests among the calls the page made. */
const listCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === '/api/minimax/tasks').length;

beforeEach(() => {
  vi.useFakeTimers();
  resetSpacing();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // The lane noted its last request on the fake clock, minutes ahead of the real one: the files that
  // share this worker would wait that long for their first request.
  resetSpacing();
});

describe('the clone studio’s search for a task by its text', () => {
  it('asks for the task list no more once the studio is left', async () => {
    const fetchMock = stubApi({
      // No task id in the answer: the studio looks for the task in the list (spec section 4).
      'POST /api/tts': () => json({}),
      'GET /api/minimax/tasks': () => json({ items: [{ id: 'other', input: 'something else' }] }),
    });
    const { result, unmount } = renderHook(() => useCloneGeneration(), { wrapper });
    act(() => void result.current.generate({ text: 'Find me.', voiceId: 'v1', speed: 1, volume: 1, pitch: 0 }));
    for (let second = 0; second < 10; second += 1) await act(() => vi.advanceTimersByTimeAsync(1_000));
    const whileThere = listCalls(fetchMock);
    // The premise: the search was under way, every 3 s, when the person left.
    expect(whileThere).toBeGreaterThanOrEqual(3);

    unmount();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(listCalls(fetchMock)).toBe(whileThere);
  });

  it('stops at once when its signal aborts during a wait, without asking for the list again', async () => {
    const controller = new AbortController();
    let lists = 0;
    const search = findTaskByText(
      'Find me.',
      async () => {
        lists += 1;
        return [];
      },
      (ms, signal) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, ms);
          signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        }),
      { signal: controller.signal },
    );
    const outcome = search.then(
      () => 'found',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(7_000);
    expect(lists).toBe(3);
    controller.abort(new DOMException('The studio was left.', 'AbortError'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await outcome).toMatchObject({ name: 'AbortError' });
    expect(lists).toBe(3);
  });

  it('does not wait 5 s after a list that failed because the search was stopped', async () => {
    const controller = new AbortController();
    const waits: number[] = [];
    let lists = 0;
    const search = findTaskByText(
      'Find me.',
      async (signal) => {
        lists += 1;
        controller.abort();
        signal?.throwIfAborted();
        return [];
      },
      async (ms) => {
        waits.push(ms);
      },
      { signal: controller.signal },
    );
    await expect(search).rejects.toMatchObject({ name: 'AbortError' });
    expect(lists).toBe(1);
    expect(waits).toEqual([]);
  });
});
