import { describe, expect, it } from 'vitest';
import {
  type CallbackDelivery,
  type CallbackTransport,
  deliverPinned,
  postCompletion,
} from '../../src/domains/speech/completion-callback.js';
import { buildTestApp } from '../helpers/build-app.js';
import { callbackReceiver, HOOKS_HOST, loopbackTransport, TLS_CERT } from '../helpers/callback-receiver.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

/** A transport whose DNS answers `addresses` and whose delivery only records where it would connect. */
function recordingTransport(addresses: string[]): CallbackTransport & { delivered: CallbackDelivery[] } {
  const delivered: CallbackDelivery[] = [];
  return {
    delivered,
    resolve: async () => addresses,
    deliver: async (delivery) => {
      delivered.push(delivery);
      return 200;
    },
  };
}

const HOOK_URL = `https://${HOOKS_HOST}/done`;
const EMPTY = { body: '{}', headers: {} };

describe('completion callbacks (receive_url)', () => {
  it('never calls back to private, special or transition addresses, and does to global ones', async () => {
    const sendsTo = async (address: string) => {
      const transport = recordingTransport([address]);
      const sent = (await postCompletion(HOOK_URL, [HOOKS_HOST], EMPTY, transport)) !== null;
      expect(transport.delivered, address).toHaveLength(sent ? 1 : 0);
      return sent;
    };
    const refused = [
      // IPv4: this network, private, loopback, link-local, shared, benchmarking, documentation,
      // IETF protocol assignments, 6to4 relay, multicast, reserved and broadcast.
      '0.0.0.0',
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '198.18.0.1',
      '198.19.255.254',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '192.0.0.8',
      '192.88.99.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      // IPv6: loopback, unspecified, unique local, link-local, deprecated site-local, multicast,
      // IPv4-mapped and IPv4-compatible, NAT64, 6to4, Teredo, documentation, discard.
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      'fec0::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '::127.0.0.1',
      '::7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::808:808',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::',
      '2002:808:808::1',
      '2001::1',
      '2001:db8::1',
      '100::1',
    ];
    for (const address of refused) expect(await sendsTo(address), address).toBe(false);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '2a00:1450:4001:800::200e']) {
      expect(await sendsTo(address), address).toBe(true);
    }
  });

  it('refuses a name when any of its addresses is not global', async () => {
    const transport = recordingTransport(['93.184.216.34', '10.0.0.5']);
    expect(await postCompletion(HOOK_URL, [HOOKS_HOST], EMPTY, transport)).toBeNull();
    expect(transport.delivered).toEqual([]);
  });

  it('throws when the lookup fails, so the attempt counts as failed and is retried', async () => {
    const delivered: CallbackDelivery[] = [];
    const transport: CallbackTransport = {
      resolve: async () => {
        throw new Error('getaddrinfo EAI_AGAIN hooks.sayso.invalid');
      },
      deliver: async (delivery) => {
        delivered.push(delivery);
        return 200;
      },
    };
    await expect(postCompletion(HOOK_URL, [HOOKS_HOST], EMPTY, transport)).rejects.toThrow(/EAI_AGAIN/);
    expect(delivered).toEqual([]);
  });

  it('allows only https, allow-listed hosts that resolve to public addresses', async () => {
    const publicDns = ['93.184.216.34'];
    const privateDns = ['10.0.0.5'];
    const allowed = async (url: string, hosts: string[], addresses: string[]) => {
      const transport = recordingTransport(addresses);
      const sent = (await postCompletion(url, hosts, EMPTY, transport)) !== null;
      expect(
        transport.delivered.map((delivery) => delivery.url.href),
        url,
      ).toEqual(sent ? [url] : []);
      return sent;
    };
    expect(await allowed(HOOK_URL, [], publicDns)).toBe(false);
    expect(await allowed(HOOK_URL, [HOOKS_HOST], publicDns)).toBe(true);
    expect(await allowed(`http://${HOOKS_HOST}/done`, [HOOKS_HOST], publicDns)).toBe(false);
    expect(await allowed(HOOK_URL, [HOOKS_HOST], privateDns)).toBe(false);
    expect(await allowed('https://127.0.0.1/done', ['127.0.0.1'], publicDns)).toBe(false);
    expect(await allowed('https://[::1]/done', ['[::1]', '::1'], publicDns)).toBe(false);
    expect(await allowed('not a url', [HOOKS_HOST], publicDns)).toBe(false);
  });

  it('connects to the address it checked, so a second lookup cannot rebind the name', async () => {
    // A rebinding resolver: public on the first answer, loopback on every later one.
    const lookups: string[] = [];
    const delivered: CallbackDelivery[] = [];
    const transport: CallbackTransport = {
      resolve: async (host) => {
        lookups.push(host);
        return lookups.length === 1 ? ['93.184.216.34'] : ['127.0.0.1'];
      },
      deliver: async (delivery) => {
        delivered.push(delivery);
        return 204;
      },
    };
    expect(await postCompletion(HOOK_URL, [HOOKS_HOST], EMPTY, transport)).toBe(204);
    expect(lookups).toEqual([HOOKS_HOST]);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.address).toBe('93.184.216.34');
    expect(delivered[0]?.url.hostname).toBe(HOOKS_HOST);
  });

  it('the pinned sender connects to the given address without any lookup, keeping the name for TLS and Host', async () => {
    const receiver = await callbackReceiver();
    const status = await deliverPinned(
      {
        url: new URL(`https://${HOOKS_HOST}:${receiver.port}/sayso/done?x=1`),
        address: '127.0.0.1',
        body: JSON.stringify({ task_id: 't1' }),
        headers: { 'sayso-task': 't1' },
        timeoutMs: 5_000,
      },
      { ca: TLS_CERT },
    );
    expect(status).toBe(200);
    expect(receiver.received).toEqual([
      expect.objectContaining({
        path: '/sayso/done?x=1',
        host: `${HOOKS_HOST}:${receiver.port}`,
        servername: HOOKS_HOST,
        body: { task_id: 't1' },
        headers: expect.objectContaining({ 'sayso-task': 't1', 'content-type': 'application/json' }),
      }),
    ]);
    // The certificate is still checked against the name: another name on the same address fails.
    await expect(
      deliverPinned(
        {
          url: new URL(`https://other.sayso.invalid:${receiver.port}/done`),
          address: '127.0.0.1',
          body: '{}',
          headers: {},
          timeoutMs: 5_000,
        },
        { ca: TLS_CERT },
      ),
    ).rejects.toThrow();
    expect(receiver.received).toHaveLength(1);
  });

  it('posts the finished task to an allow-listed receive_url, and to nothing else', async () => {
    const receiver = await callbackReceiver();
    const app = await buildTestApp({
      env: { RECEIVE_URL_ALLOWED_HOSTS: HOOKS_HOST },
      callbackTransport: loopbackTransport(receiver.port),
    });
    const user = await signedInUser(app);
    const submitWith = async (receiveUrl: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/tts',
        headers: { origin: ORIGIN, cookie: user.cookie },
        payload: {
          text: 'Call me when you are done.',
          voice_setting: { voice_id: 'espeak-en-us-f2' },
          receive_url: receiveUrl,
        },
      });
      expect(response.statusCode).toBe(200);
      const taskId = (response.json() as { task_id: string }).task_id;
      expect((await waitForTask(app, taskId, user.cookie)).status).toBe('done');
      return taskId;
    };
    const allowed = await submitWith(`https://${HOOKS_HOST}/sayso/done`);
    await submitWith('https://elsewhere.sayso.invalid/done');
    await expect.poll(() => receiver.received.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({
      path: '/sayso/done',
      servername: HOOKS_HOST,
      body: { task_id: allowed, status: 'done', audio_url: expect.stringMatching(/^http.*audio\.mp3\?/) },
    });

    const refused = await app.inject({
      method: 'POST',
      url: '/api/tts',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: {
        text: 'Hi.',
        voice_setting: { voice_id: 'espeak-en-us-f2' },
        receive_url: `http://${HOOKS_HOST}/x`,
      },
    });
    expect(refused.statusCode).toBe(400);
  });
});
