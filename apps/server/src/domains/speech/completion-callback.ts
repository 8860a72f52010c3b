import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Loopback, private, link-local, carrier-grade NAT, multicast and unspecified addresses. */
function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return (
    v6 === '::' ||
    v6 === '::1' ||
    v6.startsWith('fc') ||
    v6.startsWith('fd') ||
    v6.startsWith('fe80') ||
    v6.startsWith('ff')
  );
}

/**
 * Whether a completion callback may go to this URL: https, a host on the operator's allow-list,
 * and every address it resolves to public. Anything else is skipped, so a request cannot make the
 * server call into its own network.
 */
async function callbackAllowed(
  url: string,
  allowedHosts: readonly string[],
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true })).map((entry) => entry.address),
): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  if (parsed.protocol !== 'https:' || !allowedHosts.includes(host)) return false;
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  return addresses.length > 0 && addresses.every((address) => !isPrivateAddress(address));
}

const CALLBACK_TIMEOUT_MS = 5_000;

/** How callbacks reach the network; tests pass their own to talk to a loopback receiver. */
export interface CallbackTransport {
  resolve?: (host: string) => Promise<string[]>;
  fetch?: typeof fetch;
}

/**
 * Posts the finished task to its receive_url when allowed. Returns false when the URL is not
 * allowed (nothing is sent); failures are logged by the caller and not retried.
 */
export async function postCompletion(
  url: string,
  allowedHosts: readonly string[],
  body: unknown,
  transport: CallbackTransport = {},
): Promise<boolean> {
  if (!(await callbackAllowed(url, allowedHosts, transport.resolve))) return false;
  const send = transport.fetch ?? fetch;
  const response = await send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    redirect: 'error',
    signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the receiver answered ${response.status}`);
  return true;
}
