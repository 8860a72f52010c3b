import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDemoGeneration } from '@/features/marketing/hooks/use-demo-generation';
import { DEMO_VOICES } from '@/features/marketing/lib/demo-voices';
import { resetSpacing } from '@/lib/speech-task/spaced-request';
import { json, stubApi } from '../../support/render-dashboard';

beforeEach(() => {
  // The API client spaces calls 1 s apart; a fake clock lets those waits pass at once.
  vi.useFakeTimers();
  // The query cache tells its observers on a zero timeout; a microtask keeps that off the fake clock.
  notifyManager.setScheduler(queueMicrotask);
  resetSpacing();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.unstubAllGlobals();
});

/** Runs the demo to its end on the fake clock; gives the audio URL or the error shown. */
async function generate(text = 'Hello from the demo.', voiceId = 'en-gb-female') {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useDemoGeneration(), { wrapper });
  let settled = false;
  act(() => void result.current.start({ text, voiceId }).then(() => (settled = true)));
  // A second at a time, each in its own act, as the page would see them: readings come seconds apart.
  for (let second = 0; !settled && second < 600; second += 1) {
    await act(() => vi.advanceTimersByTimeAsync(1_000));
  }
  const { state } = result.current;
  return {
    url: state.phase === 'done' ? state.audioUrl : null,
    error: state.phase === 'error' ? state.message : null,
  };
}

describe('the landing demo’s requests', () => {
  it('submits the spec’s demo body', async () => {
    const fetchMock = stubApi({
      'POST /api/tts': () => json({ success: true, task_id: 'd1' }),
      'GET /api/task/d1': () => json({ status: 'done', audio_url: 'https://cdn.example/d1.mp3' }),
    });
    await generate('Hi there.', 'en-us-male');
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      text: 'Hi there.',
      model: 'speech-2.5-hd-preview',
      voice_setting: { voice_id: 'en-us-male', vol: 1, pitch: 0, speed: 1 },
      language_boost: 'Auto',
      with_transcript: false,
    });
  });

  it('polls every 3 s, goes on after a 404, and unwraps a proxied audio URL', async () => {
    const cdn = 'https://cdn.example/d2.mp3';
    const answers = [
      () => json({ error: 'Task not found' }, 404),
      () => json({ status: 'processing', progress: 50 }),
      () => json({ status: 'completed', metadata: { audio_url: `/api/proxy?url=${encodeURIComponent(cdn)}` } }),
    ];
    const submittedAt = Date.now();
    const readAt: number[] = [];
    stubApi({
      'POST /api/tts': () => json({ success: true, task_id: 'd2' }),
      'GET /api/task/d2': () => {
        readAt.push(Date.now() - submittedAt);
        return (answers.shift() ?? (() => json({})))();
      },
    });
    const outcome = await generate();
    expect(outcome).toMatchObject({ url: cdn, error: null });
    expect(readAt).toEqual([3000, 6000, 9000]);
  });

  it('gives up after 60 tries with the polling timeout', async () => {
    const fetchMock = stubApi({
      'POST /api/tts': () => json({ success: true, task_id: 'd3' }),
      'GET /api/task/d3': () => json({ status: 'queued' }),
    });
    const outcome = await generate();
    expect(outcome.error).toBe('Task polling timeout. Please try again with shorter text.');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/task/d3')).toHaveLength(60);
  });
});

describe('the landing demo’s failure messages', () => {
  it.each([
    ['the server refuses', () => json({ error: 'Internal server error' }, 500), 'Failed to submit TTS request'],
    ['the answer says success false', () => json({ success: false, message: 'Demo voice only' }), 'Demo voice only'],
    ['success false comes without a message', () => json({ success: false }), 'Failed to submit TTS request'],
    ['no task id comes back', () => json({ success: true }), 'Failed to submit TTS request'],
    [
      'the per-IP limit is reached',
      () => json({ error: 'Too many requests. Please wait a moment and try again.' }, 429),
      'Too many requests. Please wait a moment and try again.',
    ],
  ])('when %s, says so', async (_case, submit, message) => {
    stubApi({ 'POST /api/tts': submit });
    expect((await generate()).error).toBe(message);
  });

  it.each([
    [
      'the task failed',
      () => json({ status: 'failed', error_message: 'engine crashed' }),
      'Failed to generate audio. Please try again.',
    ],
    [
      'polling breaks',
      () => json({ error: 'Internal server error' }, 500),
      'Failed to generate audio. Please try again.',
    ],
    ['the task finished without audio', () => json({ status: 'ready' }), 'Task completed but no audio URL found'],
  ])('when %s, says so', async (_case, task, message) => {
    stubApi({ 'POST /api/tts': () => json({ success: true, task_id: 'd4' }), 'GET /api/task/d4': task });
    expect((await generate()).error).toBe(message);
  });
});

describe('the demo voices', () => {
  it('are five, each with a sample served by the server’s preview route', () => {
    expect(DEMO_VOICES).toHaveLength(5);
    for (const voice of DEMO_VOICES)
      expect(voice.sample_audio).toMatch(/^\/api\/voices\/espeak-[a-z0-9-]+\/preview\.mp3$/);
    expect(new Set(DEMO_VOICES.map((voice) => voice.sample_audio)).size).toBe(5);
  });
});
