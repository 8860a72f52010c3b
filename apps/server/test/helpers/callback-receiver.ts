import type { IncomingHttpHeaders } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import { type CallbackTransport, deliverPinned } from '../../src/domains/speech/completion-callback.js';

// Host names under .invalid never resolve (RFC 6761), so a broken pin can never reach the network.
export const HOOKS_HOST = 'hooks.sayso.invalid';

// A self-signed certificate for hooks.sayso.invalid (2024-2124), made for these tests only.
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgikMHQjKJzYev9/q/
tbByvIiR+rn5c4yDc90iPsEGGJKhRANCAAQbzWUeDtB6fOemD6RzQzwGfmTc2PT1
BRLcr4/3FsTpQNnrMUQSMcfF0r5RvjDkK/LY6NM/kbDZjLuEOz6hcXvV
-----END PRIVATE KEY-----`;
export const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBbjCCARSgAwIBAgIBATAKBggqhkjOPQQDAjAeMRwwGgYDVQQDDBNob29rcy5z
YXlzby5pbnZhbGlkMCAXDTI0MDEwMTAwMDAwMFoYDzIxMjQwMTAxMDAwMDAwWjAe
MRwwGgYDVQQDDBNob29rcy5zYXlzby5pbnZhbGlkMFkwEwYHKoZIzj0CAQYIKoZI
zj0DAQcDQgAEG81lHg7Qenznpg+kc0M8Bn5k3Nj09QUS3K+P9xbE6UDZ6zFEEjHH
xdK+Ub4w5Cvy2OjTP5Gw2Yy7hDs+oXF71aNBMD8wHgYDVR0RBBcwFYITaG9va3Mu
c2F5c28uaW52YWxpZDAdBgNVHQ4EFgQU/i0Fmn21v48cXYmdHGCLmIVxWiIwCgYI
KoZIzj0EAwIDSAAwRQIhALu4DXutRtn71vGl0x+5cvOkjn4bi84X7ET6F1fyb696
AiBFvxR9qRpz6Wz3y9KlL8AsbiQ9g7ss2VGbPxBnSwK9nA==
-----END CERTIFICATE-----`;

/** One callback as the receiver got it: the raw body is kept byte for byte, as a signature covers it. */
export interface ReceivedCallback {
  path: string;
  host: string;
  servername: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
}

/**
 * A loopback HTTPS server for hooks.sayso.invalid that records the callbacks it receives and
 * answers each with the status `answer` gives for it (its index among the received, from 0).
 */
export async function callbackReceiver(answer: (index: number) => number = () => 200) {
  const received: ReceivedCallback[] = [];
  const server = createHttpsServer({ key: TLS_KEY, cert: TLS_CERT }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const socket = request.socket as typeof request.socket & { servername?: string };
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({
        path: request.url ?? '',
        host: request.headers.host ?? '',
        servername: socket.servername ?? '',
        headers: request.headers,
        rawBody,
        body: JSON.parse(rawBody),
      });
      response.statusCode = answer(received.length - 1);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  return { received, port };
}

/**
 * Callbacks to the allowed host reach `port` on loopback: the host "resolves" to a public address,
 * which passes the checks, and the pinned sender then connects to the loopback receiver instead,
 * since tests never leave this machine.
 */
export function loopbackTransport(port: number): CallbackTransport {
  return {
    resolve: async () => ['93.184.216.34'],
    deliver: (delivery) => {
      const url = new URL(delivery.url);
      url.port = String(port);
      return deliverPinned({ ...delivery, url, address: '127.0.0.1' }, { ca: TLS_CERT });
    },
  };
}
