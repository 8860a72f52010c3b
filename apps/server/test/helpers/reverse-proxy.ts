import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request header that pins one request to one backend (its index), so a test can say which process serves it. */
export const BACKEND_HEADER = 'x-test-backend';

export interface ReverseProxy {
  url: string;
  /** How many requests each backend has been sent, by index. */
  served: number[];
  close(): Promise<void>;
}

/**
 * A small reverse proxy on loopback, as an operator would put in front of several API processes:
 * requests go round-robin to the backends, bodies and answers are streamed both ways (server-sent
 * events included), and the Host header is kept so each backend sees the public address.
 */
export async function startReverseProxy(backends: string[]): Promise<ReverseProxy> {
  const served = backends.map(() => 0);
  let next = 0;
  const pick = (pinned: string | string[] | undefined): number => {
    const index = typeof pinned === 'string' ? Number(pinned) : Number.NaN;
    if (Number.isInteger(index) && index >= 0 && index < backends.length) return index;
    next = (next + 1) % backends.length;
    return next;
  };
  const server = http.createServer((request, response) => {
    const index = pick(request.headers[BACKEND_HEADER]);
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(request.url ?? '/', backends[index]);
    const headers = { ...request.headers };
    delete headers[BACKEND_HEADER];
    const upstream = http.request(target, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('bad gateway');
    });
    // A client that leaves (a closed event stream) must not keep the backend's side open.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
