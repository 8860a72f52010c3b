import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ByteRange, DownloadHeaders, FileStorage } from '../../storage/file-storage.js';

/** One `bytes=` range (the only kind audio players send); anything else gets the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return null;
  let start: number;
  let end: number;
  if (!from) {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to ? Math.min(Number(to), size - 1) : size - 1;
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Answers a file whole, or the one byte range its `Range` header asks for (206), or 416 when the
 * range lies outside it. The caller sets the type and caching headers first.
 */
export async function sendRanged(
  reply: FastifyReply,
  file: { size: number; read(range?: ByteRange): Promise<Readable | Buffer> },
  rangeHeader: string | undefined,
) {
  reply.header('accept-ranges', 'bytes');
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${file.size}`);
    return reply.status(416).send();
  }
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(await file.read(range));
  }
  reply.header('content-length', file.size);
  return reply.send(await file.read());
}

/**
 * With S3_SERVE=redirect, sends the browser to a short-lived presigned address of the bucket (the
 * product link was checked first) and answers true; false when files are served through the API.
 */
export async function redirectToStorage(
  reply: FastifyReply,
  storage: FileStorage,
  key: string | undefined,
  headers: DownloadHeaders,
): Promise<boolean> {
  const url = key ? await storage.downloadUrl?.(key, headers) : null;
  if (!url) return false;
  // The address expires within minutes: no cache may keep the redirect longer than the request.
  await reply.header('cache-control', 'no-store').redirect(url, 302);
  return true;
}
