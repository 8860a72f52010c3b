import { describe, expect, it } from 'vitest';
import { signedFileUrl, verifyFileSignature } from '../../src/domains/speech/file-urls.js';

const SECRET = 'a file-link secret of enough length';
const TASK = 'b'.repeat(32);
const HOUR = 60 * 60 * 1000;
/** 10:20 UTC on a day: not on an hour boundary. */
const MORNING = Date.UTC(2026, 10, 26, 10, 20);

const parts = (path: string) => {
  const url = new URL(path, 'http://localhost');
  return { expires: Number(url.searchParams.get('expires')), sig: url.searchParams.get('sig') ?? '' };
};

describe('signed file links', () => {
  it('live at least 24 hours and less than 25, and verify until they expire', () => {
    const link = signedFileUrl(SECRET, TASK, 'audio', MORNING);
    const { expires, sig } = parts(link.path);
    expect(expires).toBe(link.expires);
    expect(expires * 1000 - MORNING).toBeGreaterThanOrEqual(24 * HOUR);
    expect(expires * 1000 - MORNING).toBeLessThan(25 * HOUR);
    expect(verifyFileSignature(SECRET, TASK, 'audio', expires, sig, MORNING + 24 * HOUR)).toBe(true);
    expect(verifyFileSignature(SECRET, TASK, 'audio', expires, sig, expires * 1000 + 1)).toBe(false);
  });

  it('stay the same for every poll within the hour, and change with the next hour', () => {
    const first = signedFileUrl(SECRET, TASK, 'audio', MORNING).path;
    expect(signedFileUrl(SECRET, TASK, 'audio', MORNING + 30 * 60 * 1000).path).toBe(first);
    const nextHour = signedFileUrl(SECRET, TASK, 'audio', MORNING + HOUR).path;
    expect(nextHour).not.toBe(first);
    const { expires, sig } = parts(nextHour);
    expect(verifyFileSignature(SECRET, TASK, 'audio', expires, sig, MORNING + HOUR)).toBe(true);
  });

  it('name one task, one file and one secret', () => {
    const { expires, sig } = parts(signedFileUrl(SECRET, TASK, 'audio', MORNING).path);
    expect(verifyFileSignature(SECRET, TASK, 'transcript', expires, sig, MORNING)).toBe(false);
    expect(verifyFileSignature(SECRET, 'c'.repeat(32), 'audio', expires, sig, MORNING)).toBe(false);
    expect(verifyFileSignature('another secret entirely', TASK, 'audio', expires, sig, MORNING)).toBe(false);
    // A cached signature is never handed out for another secret.
    const other = parts(signedFileUrl('another secret entirely', TASK, 'audio', MORNING).path);
    expect(other.sig).not.toBe(sig);
    expect(verifyFileSignature('another secret entirely', TASK, 'audio', other.expires, other.sig, MORNING)).toBe(true);
  });
});
