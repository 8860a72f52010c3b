import { createHmac, timingSafeEqual } from 'node:crypto';
import { TASK_FILE_NAMES, type TaskFileKind } from '../../storage/keys.js';

/** How long a task's audio and transcript links stay valid. */
const FILE_URL_LIFETIME_SECONDS = 24 * 60 * 60;

function signature(secret: string, taskId: string, kind: TaskFileKind, expires: number): string {
  return createHmac('sha256', secret).update(`${taskId}\n${kind}\n${expires}`).digest('base64url');
}

/**
 * A capability URL for a task's file. The spec's player fetches audio and transcripts without
 * credentials (possibly cross-origin), so the link itself carries the permission: an HMAC over
 * task, file and expiry time.
 */
export function signedFileUrl(
  secret: string,
  taskId: string,
  kind: TaskFileKind,
  now = Date.now(),
): { path: string; expires: number } {
  const expires = Math.floor(now / 1000) + FILE_URL_LIFETIME_SECONDS;
  const sig = signature(secret, taskId, kind, expires);
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
