import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSpacing, spacedRequest } from '@/lib/speech-task/spaced-request';

type Answer = () => Response;

const ok = () => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
const tooMany =
  (retryAfter?: string): Answer =>
  () =>
    new Response(JSON.stringify({ error: 'Too many requests. Please wait a moment and try again.' }), {
      status: 429,
      headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
    });

/** A fake network edge that answers in order and notes when (on the fake clock) each call left. */
function network(...answers: Answer[]) {
  const sentAt: number[] = [];
  network.sent = [];
  const start = Date.now();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      sentAt.push(Date.now() - start);
      network.sent.push(`${url.replace('/api', '')}@${Date.now() - start}`);
      return (answers.shift() ?? ok)();
    }),
  );
  return sentAt;
}
/** Each call as path@milliseconds, in the order they left. */
network.sent = [] as string[];

const BACKGROUND = { priority: 'background' } as const;

beforeEach(() => {
  vi.useFakeTimers();
  resetSpacing();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('spaced API calls', () => {
  it('sends consecutive calls at least 1000 ms apart', async () => {
    const sentAt = network();
    const calls = Promise.all([spacedRequest('/a'), spacedRequest('/b'), spacedRequest('/c')]);
    await vi.runAllTimersAsync();
    await calls;
    expect(sentAt).toEqual([0, 1000, 2000]);
  });

  it('does not delay a call made long after the previous one', async () => {
    const sentAt = network();
    const first = spacedRequest('/a');
    await vi.runAllTimersAsync();
    await first;
    await vi.advanceTimersByTimeAsync(4000);
    const second = spacedRequest('/b');
    await vi.runAllTimersAsync();
    await second;
    expect(sentAt).toEqual([0, 4000]);
  });

  it('on a 429 waits the Retry-After seconds and tries again', async () => {
    const sentAt = network(tooMany('2'));
    const call = spacedRequest<{ ok: boolean }>('/a');
    await vi.runAllTimersAsync();
    await expect(call).resolves.toEqual({ ok: true });
    expect(sentAt).toEqual([0, 2000]);
  });

  it('waits out a busy server’s 503 with Retry-After, but not a 503 without one', async () => {
    const busy = (headers: Record<string, string>) => () =>
      new Response(JSON.stringify({ error: 'The server is busy. Please try again in a few seconds.' }), {
        status: 503,
        headers,
      });
    const sentAt = network(busy({ 'retry-after': '3' }));
    const call = spacedRequest<{ ok: boolean }>('/a');
    await vi.runAllTimersAsync();
    await expect(call).resolves.toEqual({ ok: true });
    expect(sentAt).toEqual([0, 3000]);

    resetSpacing();
    network(busy({}));
    const refused = expect(spacedRequest('/b')).rejects.toMatchObject({ status: 503 });
    await vi.runAllTimersAsync();
    await refused;
  });

  it('waits 5 s when the 429 names no Retry-After', async () => {
    const sentAt = network(tooMany());
    const call = spacedRequest('/a');
    await vi.advanceTimersByTimeAsync(4999);
    expect(sentAt).toEqual([0]);
    await vi.runAllTimersAsync();
    await call;
    expect(sentAt).toEqual([0, 5000]);
  });

  it('gives up at once with the server’s message when the limit lasts longer than half a minute', async () => {
    const sentAt = network(tooMany('3600'));
    const call = spacedRequest('/a');
    const outcome = expect(call).rejects.toMatchObject({
      status: 429,
      message: 'Too many requests. Please wait a moment and try again.',
    });
    await vi.advanceTimersByTimeAsync(0);
    await outcome;
    expect(sentAt).toEqual([0]);
  });

  it('stops retrying after three 429s in a row', async () => {
    const sentAt = network(tooMany('1'), tooMany('1'), tooMany('1'), tooMany('1'));
    const call = spacedRequest('/a');
    const outcome = expect(call).rejects.toMatchObject({ status: 429 });
    await vi.runAllTimersAsync();
    await outcome;
    expect(sentAt).toEqual([0, 1000, 2000, 3000]);
  });

  it('sends a person’s call at once while the page’s background calls wait their turn', async () => {
    network();
    const calls = Promise.all([
      spacedRequest('/voices', {}, BACKGROUND),
      spacedRequest('/models', {}, BACKGROUND),
      spacedRequest('/credits', {}, BACKGROUND),
    ]);
    await vi.advanceTimersByTimeAsync(300);
    const submit = spacedRequest('/tts', { method: 'POST' });
    await vi.runAllTimersAsync();
    await Promise.all([calls, submit]);
    // The submission left at 300 ms, not behind the models (1000) and credits (2000); the
    // background calls after it kept a second from it.
    expect(network.sent).toEqual(['/voices@0', '/tts@300', '/models@1300', '/credits@2300']);
  });

  it('keeps a person’s own calls a second apart', async () => {
    network();
    const calls = Promise.all([spacedRequest('/tts', { method: 'POST' }), spacedRequest('/task/1')]);
    await vi.runAllTimersAsync();
    await calls;
    expect(network.sent).toEqual(['/tts@0', '/task/1@1000']);
  });

  it('lets waiting user calls go before a background call whose slot has come', async () => {
    network();
    const first = spacedRequest('/tts', { method: 'POST' });
    const queued = Promise.all([spacedRequest('/task/1'), spacedRequest('/voices', {}, BACKGROUND)]);
    await vi.runAllTimersAsync();
    await Promise.all([first, queued]);
    expect(network.sent).toEqual(['/tts@0', '/task/1@1000', '/voices@2000']);
  });

  it('holds background calls for as long as a 429 asked', async () => {
    network(tooMany('4'));
    const submit = spacedRequest('/tts', { method: 'POST' });
    await vi.advanceTimersByTimeAsync(100);
    const voices = spacedRequest('/voices', {}, BACKGROUND);
    await vi.runAllTimersAsync();
    await Promise.all([submit, voices]);
    expect(network.sent).toEqual(['/tts@0', '/tts@4000', '/voices@5000']);
  });

  it('lets a waiting call that is aborted leave its lane at once, so the calls behind it keep their time', async () => {
    network();
    const left = new AbortController();
    const first = spacedRequest('/task/1');
    const abandoned = spacedRequest('/task/1', { signal: left.signal });
    const outcome = expect(abandoned).rejects.toMatchObject({ name: 'AbortError' });
    const next = spacedRequest('/task/2');
    await vi.advanceTimersByTimeAsync(300);
    left.abort();
    // Rejected now, not when its turn would have come.
    await outcome;
    await vi.runAllTimersAsync();
    await Promise.all([first, next]);
    // The aborted call sent nothing and took no slot: the next call left a second after the first.
    expect(network.sent).toEqual(['/task/1@0', '/task/2@1000']);
  });

  it('lets a background call wait for no user call that was aborted', async () => {
    network();
    const left = new AbortController();
    const first = spacedRequest('/tts', { method: 'POST' });
    const abandoned = spacedRequest('/task/1', { signal: left.signal }).catch((error: unknown) => error);
    const voices = spacedRequest('/voices', {}, BACKGROUND);
    await vi.advanceTimersByTimeAsync(100);
    left.abort();
    await vi.runAllTimersAsync();
    await Promise.all([first, voices]);
    expect(await abandoned).toMatchObject({ name: 'AbortError' });
    expect(network.sent).toEqual(['/tts@0', '/voices@1000']);
  });

  it('lets an aborted background call leave its lane at once', async () => {
    network();
    const left = new AbortController();
    const first = spacedRequest('/voices', {}, BACKGROUND);
    const abandoned = spacedRequest('/models', { signal: left.signal }, BACKGROUND).catch((error: unknown) => error);
    const next = spacedRequest('/credits', {}, BACKGROUND);
    await vi.advanceTimersByTimeAsync(100);
    left.abort();
    expect(await abandoned).toMatchObject({ name: 'AbortError' });
    await vi.runAllTimersAsync();
    await Promise.all([first, next]);
    expect(network.sent).toEqual(['/voices@0', '/credits@1000']);
  });

  it('stops waiting out a 429 when the call is aborted', async () => {
    network(tooMany('4'));
    const left = new AbortController();
    const call = spacedRequest('/task/1', { signal: left.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    left.abort();
    expect(await call).toMatchObject({ name: 'AbortError' });
    await vi.runAllTimersAsync();
    expect(network.sent).toEqual(['/task/1@0']);
  });
});
