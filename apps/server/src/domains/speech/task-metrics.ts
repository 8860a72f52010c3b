import {
  creditsCaptured,
  engineErrors,
  speechQueueWait,
  speechRealTimeFactor,
  speechTaskDuration,
} from '../../metrics/registry.js';
import { creditCost } from '../accounts/index.js';
import type { SpeechTask } from './repository.js';
import type { TaskFailure } from './task-failure.js';

/**
 * What /metrics tells about speech, noted by the process that renders: how long a task waited in
 * line, how long its render took against the audio it made, how it ended and what it spent.
 */
export class TaskMeter {
  private readonly startedAt = performance.now();

  /**
   * Starts timing a render of `engine` that spends `heldCredits` if it completes; `queuedAt` is
   * when it joined the line (null for a public API stream, which never waits in it).
   */
  constructor(
    private readonly engine: string,
    private readonly heldCredits: number,
    queuedAt: Date | null,
  ) {
    if (queuedAt) speechQueueWait.observe(Math.max(0, Date.now() - queuedAt.getTime()) / 1000);
  }

  /** A queued task a worker has just taken: a demo task holds nothing, any other its text's cost. */
  static forQueuedTask(task: Pick<SpeechTask, 'engine' | 'queued_at' | 'hold_id' | 'text'>): TaskMeter {
    return new TaskMeter(task.engine, task.hold_id ? creditCost(task.text) : 0, task.queued_at);
  }

  completed(audioMs: number): void {
    const seconds = this.elapsedSeconds('completed');
    if (audioMs > 0) speechRealTimeFactor.observe({ engine: this.engine }, seconds / (audioMs / 1000));
    creditsCaptured.inc(this.heldCredits);
  }

  failed(failure: TaskFailure): void {
    this.elapsedSeconds('failed');
    engineErrors.inc({ engine: this.engine, code: failure.code });
  }

  /** A stream whose client left: what was delivered was spent. */
  endedPartly(spentCredits: number): void {
    this.elapsedSeconds('left');
    creditsCaptured.inc(spentCredits);
  }

  private elapsedSeconds(outcome: 'completed' | 'failed' | 'left'): number {
    const seconds = (performance.now() - this.startedAt) / 1000;
    speechTaskDuration.observe({ engine: this.engine, outcome }, seconds);
    return seconds;
  }
}
