import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listProviderATasks, taskInputText } from '@/features/cloning/api/task-list';
import { resetSpacing } from '@/lib/speech-task/spaced-request';

beforeEach(() => resetSpacing());
afterEach(() => vi.unstubAllGlobals());

describe('the provider A task list', () => {
  it('reads a task input given as a string, an object with text, or an array of parts', () => {
    expect(taskInputText('Hello there')).toBe('Hello there');
    expect(taskInputText({ text: 'Hello there' })).toBe('Hello there');
    expect(taskInputText(['Hello ', { text: 'there' }])).toBe('Hello there');
    expect(taskInputText(undefined)).toBe('');
  });

  it('retries a failing list three times, waiting 1, 2 and 3 seconds', async () => {
    const answers = [
      new Response('{"error":"busy"}', { status: 503 }),
      new Response('{"error":"busy"}', { status: 503 }),
      new Response('{"error":"busy"}', { status: 503 }),
      new Response('{"items":[{"id":"t1","input":{"text":"Hi"}}]}', { status: 200 }),
    ];
    const fetchMock = vi.fn(async () => answers.shift() ?? new Response('', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const waits: number[] = [];
    // Spacing between calls still applies; only the retry pauses are recorded here.
    const items = await listProviderATasks(async (ms) => {
      waits.push(ms);
      resetSpacing();
    });
    expect(items).toEqual([{ id: 't1', input: { text: 'Hi' } }]);
    expect(waits).toEqual([1_000, 2_000, 3_000]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('gives up after the third retry with the last error', async () => {
    const fetchMock = vi.fn(async () => new Response('{"error":"still busy"}', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(listProviderATasks(async () => resetSpacing())).rejects.toThrow('still busy');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
