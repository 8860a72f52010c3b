import { open, rm } from 'node:fs/promises';
import { ModelInstallError } from './errors.js';

/** How far a download has come, for the admin page and the CLI. */
export interface DownloadProgress {
  receivedBytes: number;
  /** From Content-Length (or Content-Range on a resumed request); null when the server does not say. */
  totalBytes: number | null;
  /** Whole percent, when the total is known. */
  percent: number | null;
  /** Bytes per second over the last few seconds; null until there is a second sample to compare. */
  bytesPerSecond: number | null;
  /** At the recent speed; null when the total or the speed is unknown. */
  secondsLeft: number | null;
}

export interface DownloadOptions {
  fetch?: typeof fetch;
  /** Aborting stops the download; the partial file is removed. */
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** No bytes for this long ends the download (30 s unless a test wants less). */
  stallTimeoutMs?: number;
  /** How many times a cut connection is picked up again from the bytes already on disk. */
  maxResumes?: number;
  /** The clock, for the speed; `Date.now` unless a test brings its own. */
  now?: () => number;
}

export const DEFAULT_STALL_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESUMES = 5;
/** Speed is measured over this recent window, so a slow start or a burst does not skew the estimate for long. */
const SPEED_WINDOW_MS = 5_000;

/** Why one attempt ended without the whole file. */
type AttemptEnd = { kind: 'complete' } | { kind: 'cut'; cause: string };

class StallError extends Error {}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Reads `bytes N-M/T` (or `bytes N-M/*`). */
function parseContentRange(header: string | null): { start: number; total: number | null } | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/i.exec(header?.trim() ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { start: Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) };
}

/** Speed over a sliding window of (time, bytes) samples. */
class SpeedMeter {
  private readonly samples: { at: number; bytes: number }[] = [];

  constructor(private readonly now: () => number) {}

  /** `bytes` counts this session's bytes only, so resumed bytes already on disk do not look like speed. */
  sample(bytes: number): number | null {
    const at = this.now();
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - (this.samples[1]?.at ?? at) >= SPEED_WINDOW_MS) this.samples.shift();
    const first = this.samples[0];
    if (!first || at - first.at < 200) return null;
    return Math.round(((bytes - first.bytes) * 1000) / (at - first.at));
  }
}

/**
 * Downloads `url` to `file`, watching for stalls and picking a cut connection up again with a Range
 * request. The file is written, never held in memory, so an archive of several hundred megabytes
 * costs no more than its chunks. On failure or cancel the partial file is removed.
 */
export async function downloadToFile(url: string, file: string, options: DownloadOptions = {}): Promise<number> {
  const stallTimeoutMs = options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  const maxResumes = options.maxResumes ?? DEFAULT_MAX_RESUMES;
  const now = options.now ?? Date.now;
  const meter = new SpeedMeter(now);
  const handle = await open(file, 'w');
  let received = 0;
  let sessionBytes = 0;
  let total: number | null = null;
  let lastCut = '';
  try {
    for (let attempt = 0; attempt <= maxResumes; attempt += 1) {
      options.signal?.throwIfAborted();
      const end = await downloadAttempt();
      if (end.kind === 'complete') return received;
      lastCut = end.cause;
    }
    throw new ModelInstallError(
      'DOWNLOAD_FAILED',
      `The download of ${url} was cut off ${maxResumes + 1} times (last: ${lastCut}); nothing was installed.`,
    );
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(file, { force: true });
    if (options.signal?.aborted) {
      throw new ModelInstallError('CANCELLED', `The download of ${url} was cancelled; nothing was installed.`);
    }
    throw error;
  } finally {
    await handle.close().catch(() => {});
  }

  function report(): void {
    const bytesPerSecond = meter.sample(sessionBytes);
    const percent = total ? Math.min(100, Math.floor((received / total) * 100)) : null;
    const secondsLeft =
      total !== null && bytesPerSecond ? Math.max(0, Math.ceil((total - received) / bytesPerSecond)) : null;
    options.onProgress?.({ receivedBytes: received, totalBytes: total, percent, bytesPerSecond, secondsLeft });
  }

  /** One request: from zero, or from `received` with a Range header when earlier bytes are on disk. */
  async function downloadAttempt(): Promise<AttemptEnd> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let stall: NodeJS.Timeout | undefined;
    const armStall = () => {
      clearTimeout(stall);
      stall = setTimeout(() => controller.abort(new StallError()), stallTimeoutMs);
    };
    const stalled = () => controller.signal.reason instanceof StallError;
    const stallError = () =>
      new ModelInstallError(
        'DOWNLOAD_STALLED',
        `No data from ${hostOf(url)} for ${stallTimeoutMs >= 1000 ? Math.round(stallTimeoutMs / 1000) : (stallTimeoutMs / 1000).toFixed(1)} s; the download was stopped and nothing was installed.`,
      );
    armStall();
    try {
      let response: Response;
      try {
        response = await (options.fetch ?? fetch)(url, {
          redirect: 'follow',
          signal: controller.signal,
          ...(received > 0 ? { headers: { range: `bytes=${received}-` } } : {}),
        });
      } catch (error) {
        if (stalled()) throw stallError();
        options.signal?.throwIfAborted();
        // A refused or reset connection before any answer: worth another attempt only when bytes are on disk.
        if (received > 0) return { kind: 'cut', cause: (error as Error).message };
        throw new ModelInstallError('DOWNLOAD_FAILED', `Could not reach ${url}: ${(error as Error).message}.`);
      }
      if (!(await startFrom(response))) {
        await response.body?.cancel().catch(() => {});
        return { kind: 'cut', cause: 'the server resumed at another place than asked' };
      }
      if (!response.body) throw new ModelInstallError('DOWNLOAD_FAILED', `${url} answered with no body.`);
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          armStall();
          await handle.write(value, 0, value.length, received);
          received += value.length;
          sessionBytes += value.length;
          report();
        }
      } catch (error) {
        if (stalled()) throw stallError();
        options.signal?.throwIfAborted();
        return { kind: 'cut', cause: (error as Error).message };
      } finally {
        await reader.cancel().catch(() => {});
      }
      if (total !== null && received < total) return { kind: 'cut', cause: `${received} of ${total} bytes` };
      if (total !== null && received > total) {
        throw new ModelInstallError(
          'DOWNLOAD_FAILED',
          `${url} sent more bytes than it announced; nothing was installed.`,
        );
      }
      return { kind: 'complete' };
    } finally {
      clearTimeout(stall);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Settles where this response's bytes go: a 206 that continues where the file ends appends; a 200
   * (the server ignored the Range) starts the file again from zero. A 206 from anywhere else is not
   * used (false): the file is emptied, so the next attempt asks for everything.
   */
  async function startFrom(response: Response): Promise<boolean> {
    if (response.status === 206) {
      const range = parseContentRange(response.headers.get('content-range'));
      if (range && range.start === received) {
        total = range.total ?? total;
        return true;
      }
      await handle.truncate(0);
      received = 0;
      return false;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new ModelInstallError(
        'DOWNLOAD_FAILED',
        `${url} answered ${response.status} ${response.statusText}; nothing was installed.`,
      );
    }
    await handle.truncate(0);
    received = 0;
    const length = Number(response.headers.get('content-length'));
    total = Number.isFinite(length) && length > 0 ? length : null;
    return true;
  }
}
