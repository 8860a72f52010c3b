import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a body pulled one piece at a time: the next piece is asked for only once the socket has
 * taken the last one, so the source can tell what was handed over, and a client that goes away
 * stops it (its generator's `finally` runs) instead of leaving it rendering for no one. An error
 * part way destroys the response, so the client sees a cut stream, never a short one that looks whole.
 */
export function sendPulled(reply: FastifyReply, contentType: string, source: AsyncGenerator<Buffer | string>) {
  return reply.type(contentType).send(Readable.from(source, { objectMode: false, highWaterMark: 1 }));
}
