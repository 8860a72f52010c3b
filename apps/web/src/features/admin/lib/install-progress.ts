import type { DownloadProgress, InstallJob } from '@sayso/contract/models';
import { formatBytes } from './bytes';

/** "about 2 min left", "40 s left": rounded as a person would say it; under 5 s is "a moment". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 5) return 'a moment left';
  if (seconds < 60) return `${Math.ceil(seconds / 5) * 5} s left`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`;
  const hours = Math.floor(seconds / 3600);
  return `about ${hours} h ${Math.round((seconds % 3600) / 60)} min left`;
}

export const formatSpeed = (bytesPerSecond: number): string => `${formatBytes(bytesPerSecond)}/s`;

/** One line for a download: "42% · 140 MB of 333 MB · 5.2 MB/s · about 1 min left". */
export function describeDownload(progress: DownloadProgress): string {
  const parts: string[] = [];
  if (progress.percent !== null) parts.push(`${progress.percent}%`);
  parts.push(
    progress.totalBytes !== null
      ? `${formatBytes(progress.receivedBytes)} of ${formatBytes(progress.totalBytes)}`
      : `${formatBytes(progress.receivedBytes)} so far`,
  );
  if (progress.bytesPerSecond) parts.push(formatSpeed(progress.bytesPerSecond));
  if (progress.secondsLeft !== null && progress.percent !== 100) parts.push(formatTimeLeft(progress.secondsLeft));
  return parts.join(' · ');
}

/** What an install is doing, in the operator's words. */
export function describeJob(job: InstallJob): string {
  switch (job.state) {
    case 'queued':
      return 'Waiting for the install before it';
    case 'downloading':
      return job.progress ? describeDownload(job.progress) : 'Connecting…';
    case 'unpacking':
      return 'Downloaded. Unpacking…';
    case 'verifying':
      return 'Checking that the model loads…';
    case 'installed':
      return 'Installed';
    case 'cancelled':
      return 'Cancelled; nothing was installed.';
    case 'failed':
      return job.error ?? 'The install failed; nothing was installed.';
  }
}

const names = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    return null;
  }
})();

/** "de" -> "German"; the code itself where the browser has no name for it. */
export function languageName(code: string): string {
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The browser's language and English, as primary subtags, limited to what the catalogue offers. */
export function defaultLanguages(offered: readonly string[], browserLanguage: string | undefined): string[] {
  const browser = (browserLanguage ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return [...new Set([browser, 'en'])].filter((code) => offered.includes(code));
}
