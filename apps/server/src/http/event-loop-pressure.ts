import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** What puts the event loop under pressure, as last sampled. */
export interface Pressure {
  type: 'eventLoopDelay' | 'eventLoopUtilization';
  /** Milliseconds of mean delay, or the share of the interval the loop was busy. */
  value: number;
}

export interface PressureLimits {
  /** Mean delay of the event loop over an interval beyond which it is under pressure; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Share of an interval the event loop may be busy (0 to 1); 0: not checked. */
  maxEventLoopUtilization: number;
  sampleIntervalMs: number;
}

export interface EventLoopWatch {
  /** Null while the last interval was within the limits. */
  readonly pressure: Pressure | null;
  /** Forgets what was sampled so far and starts a new interval (the app's start-up is not load). */
  restart(): void;
  stop(): void;
}

/** The delay histogram's own resolution: its timer is late by this much on an idle loop too. */
const RESOLUTION_MS = 10;

/**
 * Samples the event loop once per interval: its mean delay (beyond the histogram's resolution) and
 * how much of the interval it was busy. A request then reads one field, so the check costs nothing
 * while the process is not under pressure.
 */
export function watchEventLoop(limits: PressureLimits): EventLoopWatch {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let previousUse = performance.eventLoopUtilization();
  let pressure: Pressure | null = null;

  const sample = () => {
    // No delay sample at all means the loop never turned in the whole interval.
    const delayMs = Number.isNaN(histogram.mean) ? Number.POSITIVE_INFINITY : histogram.mean / 1e6 - RESOLUTION_MS;
    histogram.reset();
    const use = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(use, previousUse).utilization;
    previousUse = use;
    if (limits.maxEventLoopDelayMs > 0 && delayMs > limits.maxEventLoopDelayMs) {
      pressure = { type: 'eventLoopDelay', value: delayMs };
    } else if (limits.maxEventLoopUtilization > 0 && utilization > limits.maxEventLoopUtilization) {
      pressure = { type: 'eventLoopUtilization', value: utilization };
    } else {
      pressure = null;
    }
  };
  const startSampling = () => {
    const timer = setInterval(sample, limits.sampleIntervalMs);
    // The watch must not keep a finished process alive.
    timer.unref();
    return timer;
  };
  let timer = startSampling();

  return {
    get pressure() {
      return pressure;
    },
    restart() {
      clearInterval(timer);
      histogram.reset();
      previousUse = performance.eventLoopUtilization();
      pressure = null;
      timer = startSampling();
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
