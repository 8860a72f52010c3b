import { lookup } from 'node:dns/promises';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** IANA's global unicast block; every other IPv6 prefix is special-purpose or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Whether an address is an ordinary global one. ipaddr.js names the special ranges (private,
 * loopback, link-local, shared, benchmarking, documentation, reserved, multicast, 6to4, Teredo,
 * NAT64...); anything it does not call plain unicast is refused. IPv6 must also sit in 2000::/3,
 * which shuts out what the library leaves as unicast: site-local fec0::/10, IPv4-compatible
 * ::a.b.c.d, and unassigned space. Transition ranges that embed an IPv4 address are refused
 * outright rather than unpacked: a receiver has no reason to live behind one.
 */
export function isGlobalAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  // An IPv4-mapped address is the IPv4 host itself, reached over a dual-stack socket.
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === 'unicast';
}

/**
 * The address a completion callback may connect to, or null when it may not be sent: the URL must
 * be https to a host on the operator's allow-list, and every address the host resolves to must be
 * global. The first of them is the one the connection is pinned to. A lookup that fails throws:
 * DNS trouble is passing, so the delivery counts as failed and is retried, not refused for good.
 */
async function callbackAddress(
  url: URL,
  allowedHosts: readonly string[],
  resolve: (host: string) => Promise<string[]>,
): Promise<string | null> {
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'https:' || !allowedHosts.includes(host)) return null;
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(literal) ? [literal] : await resolve(host);
  if (addresses.length === 0 || !addresses.every(isGlobalAddress)) return null;
  return addresses[0] ?? null;
}

const CALLBACK_TIMEOUT_MS = 5_000;

/** What a callback carries: the JSON body exactly as signed, and its headers (the signature among them). */
export interface CallbackRequest {
  body: string;
  headers: Record<string, string>;
}

/** One callback to send: its URL, the checked address to connect to, the body and its headers. */
export interface CallbackDelivery extends CallbackRequest {
  url: URL;
  address: string;
  timeoutMs: number;
}

/** How callbacks reach the network; tests pass their own to talk to a loopback receiver. */
export interface CallbackTransport {
  resolve?: (host: string) => Promise<string[]>;
  /** Sends the POST and answers the receiver's status; the default is `deliverPinned`. */
  deliver?: (delivery: CallbackDelivery) => Promise<number>;
}

const resolveAll = async (host: string) => (await lookup(host, { all: true })).map((entry) => entry.address);

/**
 * POSTs over https to the address already checked: the socket's lookup answers that address
 * whatever the name, so a second DNS answer cannot move the connection, while the URL's host name
 * still goes out as TLS server name and Host header and the certificate is checked against it.
 * A fresh connection per callback (no agent) so no pooled socket to another address is reused.
 */
export function deliverPinned(delivery: CallbackDelivery, tls: { ca?: string } = {}): Promise<number> {
  const family = isIP(delivery.address);
  const pinnedLookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: delivery.address, family }]);
    else callback(null, delivery.address, family);
  };
  return new Promise((resolve, reject) => {
    const outgoing = request(
      delivery.url,
      {
        method: 'POST',
        headers: {
          ...delivery.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
        },
        lookup: pinnedLookup,
        agent: false,
        signal: AbortSignal.timeout(delivery.timeoutMs),
        ...(tls.ca ? { ca: tls.ca } : {}),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(delivery.body);
  });
}

/**
 * Posts a completion callback to its receive_url when allowed, and answers the receiver's status
 * code, or null when the URL may not be called (nothing was sent). A network error or timeout
 * throws. Redirects are not followed (a 3xx is just a status), so a receiver cannot send the call
 * elsewhere.
 */
export async function postCompletion(
  url: string,
  allowedHosts: readonly string[],
  callback: CallbackRequest,
  transport: CallbackTransport = {},
): Promise<number | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const address = await callbackAddress(parsed, allowedHosts, transport.resolve ?? resolveAll);
  if (!address) return null;
  const deliver = transport.deliver ?? deliverPinned;
  return deliver({ url: parsed, address, ...callback, timeoutMs: CALLBACK_TIMEOUT_MS });
}
