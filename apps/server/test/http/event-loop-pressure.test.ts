import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type PressureLimits, watchEventLoop } from '../../src/http/event-loop-pressure.js';

const GENEROUS_MS = 15_000;

function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Spinning: the loop is busy, not waiting.
  }
}

function watch(limits: PressureLimits) {
  const watched = watchEventLoop(limits);
  onTestFinished(() => watched.stop());
  return watched;
}

describe('the event loop watch', () => {
  it('reports a loop kept busy beyond its share of an interval, and clears once it idles', async () => {
    const watched = watch({ maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0.5, sampleIntervalMs: 100 });
    // Other test files share the cores: wait for a calm interval first.
    await vi.waitFor(() => expect(watched.pressure).toBeNull(), { timeout: GENEROUS_MS, interval: 20 });

    // Busy 90 ms of every 100, short enough each time that the delay stays low.
    const deadline = Date.now() + GENEROUS_MS;
    while (watched.pressure === null && Date.now() < deadline) {
      busyFor(90);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(watched.pressure).toMatchObject({ type: 'eventLoopUtilization' });
    expect(watched.pressure?.value).toBeGreaterThan(0.5);

    await vi.waitFor(() => expect(watched.pressure).toBeNull(), { timeout: GENEROUS_MS, interval: 20 });
  });

  it('forgets a stall that came before a restart (the app starting), but not one after', async () => {
    const limits = { maxEventLoopDelayMs: 100, maxEventLoopUtilization: 0, sampleIntervalMs: 200 };
    const restarted = watch(limits);
    const kept = watch(limits);
    busyFor(600);
    restarted.restart();
    await vi.waitFor(() => expect(kept.pressure).toMatchObject({ type: 'eventLoopDelay' }), {
      timeout: GENEROUS_MS,
      interval: 20,
    });
    // Past one whole interval of the restarted watch, which saw only the loop idling.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(restarted.pressure).toBeNull();
  });

  it('checks neither bound when both are 0', async () => {
    const watched = watch({ maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, sampleIntervalMs: 50 });
    for (let turn = 0; turn < 4; turn += 1) {
      busyFor(200);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(watched.pressure).toBeNull();
    }
  });
});
