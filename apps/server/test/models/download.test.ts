import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STALL_TIMEOUT_MS, type DownloadProgress, downloadToFile } from '../../src/models/download.js';
import { type ModelMirror, startModelMirror } from '../helpers/model-mirror.js';

let mirror: ModelMirror;
let scratch: string;
const ARCHIVE = '/tts-models/voice.tar.bz2';
const BYTES = randomBytes(300_000);

beforeEach(async () => {
  mirror = await startModelMirror();
  scratch = await mkdtemp(path.join(tmpdir(), 'sayso-download-'));
});
afterEach(async () => {
  await mirror.close();
  await rm(scratch, { recursive: true, force: true });
});

const target = () => path.join(scratch, 'voice.tar.bz2');

describe('model download', () => {
  it('writes the file and reports bytes, total, percent, speed and time left', async () => {
    mirror.serve(ARCHIVE, BYTES, { bytesPerSecond: 600_000 });
    const progress: DownloadProgress[] = [];
    const bytes = await downloadToFile(`${mirror.baseUrl}${ARCHIVE}`, target(), {
      onProgress: (report) => progress.push(report),
    });
    expect(bytes).toBe(BYTES.length);
    expect(await readFile(target())).toEqual(BYTES);
    expect(progress.at(-1)).toMatchObject({ receivedBytes: BYTES.length, totalBytes: BYTES.length, percent: 100 });
    const measured = progress.filter((report) => report.bytesPerSecond !== null);
    expect(measured.length).toBeGreaterThan(0);
    // Sent at 600 kB/s: the estimate is in that range, and the time left shrinks to nothing.
    const speed = measured.at(-1)?.bytesPerSecond ?? 0;
    expect(speed).toBeGreaterThan(150_000);
    expect(speed).toBeLessThan(3_000_000);
    expect(measured[0]?.secondsLeft).toBeGreaterThanOrEqual(0);
    expect(measured.at(-1)?.secondsLeft).toBe(0);
  });

  it('ends a stalled download with a clear error within the stall timeout, leaving no file', async () => {
    mirror.serve(ARCHIVE, BYTES, { stallAfter: 50_000 });
    const started = Date.now();
    const download = downloadToFile(`${mirror.baseUrl}${ARCHIVE}`, target(), { stallTimeoutMs: 500 });
    await expect(download).rejects.toMatchObject({
      code: 'DOWNLOAD_STALLED',
      message: `No data from ${new URL(mirror.baseUrl).host} for 0.5 s; the download was stopped and nothing was installed.`,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await readdir(scratch)).toEqual([]);
  });

  it('waits 30 s for data by default, and not a moment longer', async () => {
    // A fake fetch whose body sends 100 bytes and then nothing; fake timers stand in for the 30 s.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let requestSignal: AbortSignal | undefined;
      const stallingFetch: typeof fetch = async (_url, init) => {
        const signal = init?.signal ?? undefined;
        requestSignal = signal;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(100));
            signal?.addEventListener('abort', () => controller.error(signal.reason), { once: true });
          },
        });
        return new Response(body, { headers: { 'content-length': '1000' } });
      };
      let firstBytes: () => void = () => {};
      const receivedSome = new Promise<void>((resolve) => {
        firstBytes = resolve;
      });
      const download = downloadToFile('https://mirror.example/voice.tar.bz2', target(), {
        fetch: stallingFetch,
        onProgress: () => firstBytes(),
      });
      const settled = expect(download).rejects.toMatchObject({
        code: 'DOWNLOAD_STALLED',
        message: 'No data from mirror.example for 30 s; the download was stopped and nothing was installed.',
      });
      await receivedSome;
      expect(DEFAULT_STALL_TIMEOUT_MS).toBe(30_000);
      vi.advanceTimersByTime(DEFAULT_STALL_TIMEOUT_MS - 1);
      expect(requestSignal?.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(requestSignal?.aborted).toBe(true);
      await settled;
      expect(await readdir(scratch)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resumes a cut connection with a Range request from the bytes on disk', async () => {
    mirror.serve(ARCHIVE, BYTES, { cutAfter: 100_000, cuts: 2 });
    const bytes = await downloadToFile(`${mirror.baseUrl}${ARCHIVE}`, target());
    expect(bytes).toBe(BYTES.length);
    expect(await readFile(target())).toEqual(BYTES);
    const ranges = mirror.requests.map((request) => request.range);
    expect(ranges[0]).toBeNull();
    expect(ranges[1]).toMatch(/^bytes=\d+-$/);
    // Each resume asks from where the file on disk ends, which moves forward.
    const starts = ranges.slice(1).map((range) => Number(/bytes=(\d+)-/.exec(range ?? '')?.[1]));
    expect(starts[0]).toBeGreaterThan(0);
    expect(starts[1]).toBeGreaterThan(starts[0] ?? 0);
  });

  it('starts again from zero when the server answers a Range request with the whole file', async () => {
    mirror.serve(ARCHIVE, BYTES, { cutAfter: 120_000, cuts: 1, ignoreRange: true });
    await downloadToFile(`${mirror.baseUrl}${ARCHIVE}`, target());
    expect(mirror.requests[1]?.range).toMatch(/^bytes=\d+-$/);
    // Not appended to the partial file: the file is the archive, byte for byte.
    expect(await readFile(target())).toEqual(BYTES);
  });

  it('gives up after a bounded number of cuts, leaving no file', async () => {
    mirror.serve(ARCHIVE, BYTES, { cutAfter: 10_000, cuts: 100, ignoreRange: true });
    await expect(downloadToFile(`${mirror.baseUrl}${ARCHIVE}`, target(), { maxResumes: 2 })).rejects.toMatchObject({
      code: 'DOWNLOAD_FAILED',
      message: expect.stringContaining('cut off 3 times'),
    });
    expect(mirror.requests).toHaveLength(3);
    expect(await readdir(scratch)).toEqual([]);
  });

  it('stops at once when cancelled, leaving no file', async () => {
    mirror.serve(ARCHIVE, BYTES, { bytesPerSecond: 50_000 });
    const controller = new AbortController();
    const download = downloadToFile(`${mirror.baseUrl}${ARCHIVE}`, target(), {
      signal: controller.signal,
      onProgress: ({ receivedBytes }) => {
        if (receivedBytes > 30_000) controller.abort();
      },
    });
    await expect(download).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await readdir(scratch)).toEqual([]);
  });

  it('says what the server answered when the file is missing', async () => {
    await expect(downloadToFile(`${mirror.baseUrl}/tts-models/missing.tar.bz2`, target())).rejects.toMatchObject({
      code: 'DOWNLOAD_FAILED',
      message: expect.stringContaining('answered 404'),
    });
  });
});
