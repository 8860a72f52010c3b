import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

type Piece = Buffer | string;

/**
 * Sends a body pulled one piece at a time. The first piece is made before the answer starts, so a
 * failure before any audio is an ordinary error answer in the dialect's shape. After that, the
 * next piece is asked for only once the socket has taken the last one, so the source can tell
 * what was handed over. However the body ends (done, failed, or the client went away) the source
 * is told to return, so its `finally` runs and settles what it holds. An error part way destroys
 * the response, so the client sees a cut stream, never a short one that looks whole.
 */
export async function sendPulled(reply: FastifyReply, contentType: string, source: AsyncGenerator<Piece>) {
  const first = await source.next();
  async function* all(): AsyncGenerator<Piece> {
    if (first.done) return;
    yield first.value;
    yield* source;
  }
  const body = Readable.from(all(), { objectMode: false, highWaterMark: 1 });
  // Returning a generator that already finished does nothing; one paused at a piece runs its `finally`.
  body.once('close', () => void source.return(undefined));
  return reply.type(contentType).send(body);
}
