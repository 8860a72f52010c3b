import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `handle` on a free loopback port; a handler that throws answers 500 with the error. */
export async function serveOnLoopback(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<LoopbackServer> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  // Longer than the client's own idle timeout (undici closes idle sockets after 4 s), so the client
  // always closes first: otherwise a fake that blocks the event loop (eSpeak) lets both sides'
  // timers fire together, and a request sent on a socket the fake has just closed fails. Adapters
  // rightly do not repeat a paid call after such a failure.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
