import type { ProjectProgress } from '@sayso/contract/projects';

/** How often a project's progress is read while any of its blocks waits on a render. */
export const PROGRESS_READ_MS = 2_000;

/**
 * When to read the progress again: every couple of seconds while a block is queued, never once
 * nothing renders (a render started elsewhere shows when the tab is focused again or the page reloads).
 */
export function nextProgressRead(progress: ProjectProgress | undefined): number | false {
  if (!progress) return false;
  return progress.queued > 0 ? PROGRESS_READ_MS : false;
}

/**
 * A fingerprint of what the readings found: when it changes, blocks have finished or failed and the
 * project on screen (block states, durations) is read again.
 */
export const progressFingerprint = (progress: ProjectProgress | undefined): string =>
  progress ? `${progress.done}/${progress.queued}/${progress.failed}/${progress.total}` : '';

/** Whole per cent of a chapter's blocks that have audio, for its progress bar. */
export function percentDone(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** The progress line under the render buttons. */
export function progressSummary(progress: ProjectProgress): string {
  const parts = [`${progress.done} of ${progress.total} paragraphs rendered`];
  if (progress.queued > 0) parts.push(`${progress.queued} rendering`);
  if (progress.failed > 0) parts.push(`${progress.failed} failed`);
  return parts.join(' · ');
}
