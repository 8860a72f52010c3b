import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type CallbackTransport, postCompletion } from '../../src/domains/speech/completion-callback.js';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

/** A loopback HTTP server that records the callbacks it receives. */
async function callbackReceiver() {
  const received: { path: string; body: unknown }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(body) });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  return { received, port };
}

/** A transport whose DNS answers `addresses` and whose fetch only records what would be posted. */
function recordingTransport(addresses: string[]): CallbackTransport & { posted: string[] } {
  const posted: string[] = [];
  return {
    posted,
    resolve: async () => addresses,
    fetch: async (url) => {
      posted.push(String(url));
      return new Response('ok');
    },
  };
}

describe('completion callbacks (receive_url)', () => {
  it('never calls back to private or special addresses, and does to public ones', async () => {
    const sendsTo = async (address: string) => {
      const transport = recordingTransport([address]);
      const sent = await postCompletion('https://hooks.example.com/done', ['hooks.example.com'], {}, transport);
      expect(transport.posted, address).toHaveLength(sent ? 1 : 0);
      return sent;
    };
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ]) {
      expect(await sendsTo(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      expect(await sendsTo(address), address).toBe(true);
  });

  it('allows only https, allow-listed hosts that resolve to public addresses', async () => {
    const publicDns = ['93.184.216.34'];
    const privateDns = ['10.0.0.5'];
    const allowed = async (url: string, hosts: string[], addresses: string[]) => {
      const transport = recordingTransport(addresses);
      const sent = await postCompletion(url, hosts, {}, transport);
      expect(transport.posted, url).toEqual(sent ? [url] : []);
      return sent;
    };
    expect(await allowed('https://hooks.example.com/done', [], publicDns)).toBe(false);
    expect(await allowed('https://hooks.example.com/done', ['hooks.example.com'], publicDns)).toBe(true);
    expect(await allowed('http://hooks.example.com/done', ['hooks.example.com'], publicDns)).toBe(false);
    expect(await allowed('https://hooks.example.com/done', ['hooks.example.com'], privateDns)).toBe(false);
    expect(await allowed('https://127.0.0.1/done', ['127.0.0.1'], publicDns)).toBe(false);
    expect(await allowed('not a url', ['hooks.example.com'], publicDns)).toBe(false);
  });

  it('posts the finished task to an allow-listed receive_url, and to nothing else', async () => {
    const receiver = await callbackReceiver();
    const app = await buildTestApp({
      env: { RECEIVE_URL_ALLOWED_HOSTS: 'hooks.example.com' },
      callbackTransport: {
        // The allowed host "resolves" to a public address; delivery then goes to the loopback
        // receiver, since tests never leave this machine.
        resolve: async () => ['93.184.216.34'],
        fetch: (url, init) => {
          const target = new URL(String(url));
          return fetch(`http://127.0.0.1:${receiver.port}${target.pathname}`, init);
        },
      },
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
    const allowed = await submitWith('https://hooks.example.com/sayso/done');
    await submitWith('https://elsewhere.example.org/done');
    await expect.poll(() => receiver.received.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({
      path: '/sayso/done',
      body: { task_id: allowed, status: 'done', audio_url: expect.stringMatching(/^http.*audio\.mp3\?/) },
    });

    const refused = await app.inject({
      method: 'POST',
      url: '/api/tts',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: {
        text: 'Hi.',
        voice_setting: { voice_id: 'espeak-en-us-f2' },
        receive_url: 'http://hooks.example.com/x',
      },
    });
    expect(refused.statusCode).toBe(400);
  });
});
