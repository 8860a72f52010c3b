import { createHmac, timingSafeEqual } from 'node:crypto';
import { TASK_FILE_NAMES, type TaskFileKind } from '../../storage/keys.js';

/** How long a task's audio and transcript links stay valid, at least. */
const FILE_URL_LIFETIME_SECONDS = 24 * 60 * 60;
/** Expiry times are rounded up to this step, so a task's link stays the same between polls. */
const EXPIRY_STEP_SECONDS = 60 * 60;

function signature(secret: string, taskId: string, kind: TaskFileKind, expires: number): string {
  return createHmac('sha256', secret).update(`${taskId}\n${kind}\n${expires}`).digest('base64url');
}

/** Signatures made recently, by secret, task, file and expiry: a polled task signs its link once an hour. */
const recentSignatures = new Map<string, string>();
/** Enough for every task polled within an hour on a busy installation; past it the cache starts over. */
const MAX_RECENT_SIGNATURES = 10_000;

function cachedSignature(secret: string, taskId: string, kind: TaskFileKind, expires: number): string {
  const key = `${secret}\n${taskId}\n${kind}\n${expires}`;
  let sig = recentSignatures.get(key);
  if (sig === undefined) {
    if (recentSignatures.size >= MAX_RECENT_SIGNATURES) recentSignatures.clear();
    sig = signature(secret, taskId, kind, expires);
    recentSignatures.set(key, sig);
  }
  return sig;
}

/**
 * A capability URL for a task's file. The spec's player fetches audio and transcripts without
 * credentials (possibly cross-origin), so the link itself carries the permission: an HMAC over
 * task, file and expiry time. The link lives 24 to 25 hours: its expiry is rounded up to the
 * hour, so every poll within an hour hands out the same link (a player need not reload it) and
 * the HMAC is computed once, not on every poll.
 */
export function signedFileUrl(
  secret: string,
  taskId: string,
  kind: TaskFileKind,
  now = Date.now(),
): { path: string; expires: number } {
  const earliest = Math.floor(now / 1000) + FILE_URL_LIFETIME_SECONDS;
  const expires = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const sig = cachedSignature(secret, taskId, kind, expires);
  return { path: `/api/files/tasks/${taskId}/${TASK_FILE_NAMES[kind]}?expires=${expires}&sig=${sig}`, expires };
}

export function fileKindFromName(name: string): TaskFileKind | null {
  if (name === TASK_FILE_NAMES.audio) return 'audio';
  if (name === TASK_FILE_NAMES.transcript) return 'transcript';
  return null;
}

export function verifyFileSignature(
  secret: string,
  taskId: string,
  kind: TaskFileKind,
  expires: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (!Number.isInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, taskId, kind, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
