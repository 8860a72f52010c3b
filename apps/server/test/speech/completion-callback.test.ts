import { describe, expect, it } from 'vitest';
import { callbackAllowed, isPrivateAddress } from '../../src/domains/speech/completion-callback.js';

describe('completion callbacks (receive_url)', () => {
  it('recognises private and special addresses', () => {
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
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('allows only https, allow-listed hosts that resolve to public addresses', async () => {
    const publicDns = async () => ['93.184.216.34'];
    const privateDns = async () => ['10.0.0.5'];
    expect(await callbackAllowed('https://hooks.example.com/done', [], publicDns)).toBe(false);
    expect(await callbackAllowed('https://hooks.example.com/done', ['hooks.example.com'], publicDns)).toBe(true);
    expect(await callbackAllowed('http://hooks.example.com/done', ['hooks.example.com'], publicDns)).toBe(false);
    expect(await callbackAllowed('https://hooks.example.com/done', ['hooks.example.com'], privateDns)).toBe(false);
    expect(await callbackAllowed('https://127.0.0.1/done', ['127.0.0.1'], publicDns)).toBe(false);
    expect(await callbackAllowed('not a url', ['hooks.example.com'], publicDns)).toBe(false);
  });
});
