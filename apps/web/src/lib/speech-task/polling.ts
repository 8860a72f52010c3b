/** The spec's task status words (section 4), grouped by what they mean. */
const IN_PROGRESS = new Set([
  'submitting',
  'initializing',
  'processing',
  'doing',
  'pending',
  'queued',
  'running',
  'in_progress',
  'started',
]);
const FINISHED = new Set(['done', 'completed', 'ready']);
const FAILED = new Set(['error', 'failed']);

export type StatusKind = 'in-progress' | 'finished' | 'failed' | 'unknown';

export function statusKind(status: string | null | undefined): StatusKind {
  const value = (status ?? '').toLowerCase();
  if (FINISHED.has(value)) return 'finished';
  if (FAILED.has(value)) return 'failed';
  if (IN_PROGRESS.has(value)) return 'in-progress';
  return 'unknown';
}

/** Provider A's schedule: 3 s for the first 10 attempts, 5 s to 30, 8 s to 60, then 10 s. */
export function providerADelayMs(attempt: number): number {
  if (attempt <= 10) return 3_000;
  if (attempt <= 30) return 5_000;
  if (attempt <= 60) return 8_000;
  return 10_000;
}

export const POLLING = {
  providerA: { maxTries: 120, delayMs: providerADelayMs },
  /** Provider B and /dashboard2: every 5 s, at most 120 tries. */
  providerB: { maxTries: 120, delayMs: () => 5_000 },
  /** The landing demo: 60 tries, 3 s apart. */
  demo: { maxTries: 60, delayMs: () => 3_000 },
} as const;

export const POLLING_TIMEOUT_MESSAGE = 'Task polling timeout. Please try again with shorter text.';
export const PRESET_STUDIO_TIMEOUT_MESSAGE =
  'Task polling timeout after ~10 minutes. Please try again with shorter text.';
export const NO_AUDIO_URL_MESSAGE = 'Task completed but no audio URL found';

/**
 * The poller gave up on its own: the task ran past its tries, or finished without an audio URL.
 * A type, so the screens tell it from a failed task without reading its words.
 */
export class PollingStoppedError extends Error {
  constructor(
    readonly reason: 'timeout' | 'no-audio-url',
    message: string,
  ) {
    super(message);
    this.name = 'PollingStoppedError';
  }
}

/** What the progress line says: the percentage when the task gives one, else a generic word. */
export function progressLabel(progress: number | null | undefined, status: string | null | undefined): string {
  if (typeof progress === 'number' && Number.isFinite(progress)) return `${Math.round(progress)}%`;
  return statusKind(status) === 'in-progress' && status?.toLowerCase() !== 'processing'
    ? 'Generating...'
    : 'Processing...';
}

/** The task's own percentage for a progress bar, or null when it gives none (the bar then pulses). */
export function progressPercent(task: { progress?: number | null } | null): number | null {
  return typeof task?.progress === 'number' ? task.progress : null;
}

/**
 * Our line under the progress while a task waits its turn (the server's `queue_position`: how many
 * tasks are ahead of it); null once it is not waiting, or from a server that gives no position.
 */
export function queueNote(position: number | null | undefined): string | null {
  if (typeof position !== 'number' || !Number.isFinite(position) || position < 0) return null;
  if (position === 0) return 'Queued: yours is next';
  return `Queued: ${position} ${position === 1 ? 'task' : 'tasks'} ahead of yours`;
}
