import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { bzip2 as bzip2InJs } from '../models/archives.js';

/**
 * How the mirror misbehaves for one file. Unset fields mean an ordinary, whole answer.
 * - `stallAfter`: send the headers and this many bytes, then nothing (the connection stays open).
 * - `cutAfter` + `cuts`: the first `cuts` answers close the connection after this many body bytes.
 * - `ignoreRange`: answer a Range request with 200 and the whole file, as some servers do.
 * - `bytesPerSecond`: send slowly, so a test can act while the download runs.
 */
export interface MirrorBehaviour {
  stallAfter?: number;
  cutAfter?: number;
  cuts?: number;
  ignoreRange?: boolean;
  bytesPerSecond?: number;
}

export interface MirrorRequest {
  path: string;
  range: string | null;
}

export interface ModelMirror {
  baseUrl: string;
  /** Every request seen, in order. */
  requests: MirrorRequest[];
  /** Serves `bytes` at `path` (e.g. `/tts-models/kokoro-multi-lang-v1_0.tar.bz2`), behaving as told. */
  serve(path: string, bytes: Buffer, behaviour?: MirrorBehaviour): void;
  close(): Promise<void>;
}

const CHUNK = 16 * 1024;

/**
 * A loopback stand-in for sherpa-onnx's release downloads (or an operator's MODEL_DOWNLOAD_BASE_URL
 * mirror), serving files at the publisher's paths, with Range support and the faults a real
 * download meets: a stall, a cut connection, a server that ignores Range.
 */
export async function startModelMirror(): Promise<ModelMirror> {
  const files = new Map<string, { bytes: Buffer; behaviour: MirrorBehaviour; answered: number }>();
  const requests: MirrorRequest[] = [];

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://mirror').pathname;
    const range = request.headers.range ?? null;
    requests.push({ path, range });
    const file = files.get(path);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const { bytes, behaviour } = file;
    const answer = file.answered;
    file.answered += 1;
    const from = Number(/^bytes=(\d+)-$/.exec(range ?? '')?.[1] ?? 0);
    const partial = from > 0 && !behaviour.ignoreRange;
    const body = partial ? bytes.subarray(from) : bytes;
    response.writeHead(partial ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
      'accept-ranges': 'bytes',
      ...(partial ? { 'content-range': `bytes ${from}-${bytes.length - 1}/${bytes.length}` } : {}),
    });
    let limit = body.length;
    let end: 'finish' | 'stall' | 'cut' = 'finish';
    if (behaviour.stallAfter !== undefined) {
      limit = Math.min(limit, behaviour.stallAfter);
      end = 'stall';
    } else if (behaviour.cutAfter !== undefined && answer < (behaviour.cuts ?? 1)) {
      limit = Math.min(limit, behaviour.cutAfter);
      end = 'cut';
    }
    void send(response, body.subarray(0, limit), behaviour.bytesPerSecond).then(() => {
      if (end === 'finish') response.end();
      // The socket is closed mid-body: the client sees fewer bytes than Content-Length announced.
      // Not at once: a fetch body that errors drops the chunks its reader has not pulled yet, and a
      // client on a busy machine would then have nothing on disk to resume from.
      else if (end === 'cut') setTimeout(() => response.socket?.destroy(), 500);
      // 'stall': nothing more is ever sent; close() ends the connection.
    });
  });

  async function send(response: ServerResponse, bytes: Buffer, bytesPerSecond?: number): Promise<void> {
    for (let offset = 0; offset < bytes.length; offset += CHUNK) {
      if (response.destroyed) return;
      const chunk = bytes.subarray(offset, offset + CHUNK);
      await new Promise<void>((resolve) => response.write(chunk, () => resolve()));
      if (bytesPerSecond) await new Promise((resolve) => setTimeout(resolve, (chunk.length / bytesPerSecond) * 1000));
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    serve(path, bytes, behaviour = {}) {
      files.set(path, { bytes, behaviour, answered: 0 });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A `.tar.gz` (what the stand-in helpers build) recompressed as `.tar.bz2`, the publisher's format:
 * with the system's bzip2 when there is one (fast), else in JavaScript.
 */
export function tarGzToBzip2(tarGz: Buffer): Buffer {
  const tar = gunzipSync(tarGz);
  try {
    return execFileSync('bzip2', ['-c', '-1'], { input: tar, maxBuffer: 1024 * 1024 * 1024 });
  } catch {
    return bzip2InJs(tar);
  }
}
