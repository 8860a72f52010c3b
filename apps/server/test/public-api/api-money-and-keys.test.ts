import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import { creditsOf, expectLedgerInvariants, ledgerSum, openHolds } from '../helpers/money.js';
import { scriptedEngine } from '../helpers/speech.js';

const TEXT = 'Five of these are paid for.';

describe('public API money', () => {
  it('serves exactly the five requests the credits pay for out of twenty at once', async () => {
    const app = await buildTestApp();
    const base = await listening(app);
    const { secret, userId } = await apiUser(app);
    const { applyMovement } = await import('../../src/domains/accounts/ledger-repository.js');
    await app.db.transaction().execute(async (trx) => {
      const current = await creditsOf(trx, userId);
      // Through the ledger, so it and the stored figure agree on exactly five requests' worth.
      await applyMovement(trx, { userId, asset: 'credits', amount: 5 * TEXT.length - current, kind: 'admin_deduct' });
    });
    const client = new OpenAI({ apiKey: secret, baseURL: `${base}/openai/v1`, maxRetries: 0 });
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => {
        try {
          const response = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: TEXT });
          await response.arrayBuffer();
          return 200;
        } catch (error) {
          return error instanceof OpenAI.APIError ? error.status : -1;
        }
      }),
    );
    expect(results.filter((status) => status === 200)).toHaveLength(5);
    expect(results.filter((status) => status === 402)).toHaveLength(15);
    expect(await creditsOf(app.db, userId)).toBe(0);
    expect(await ledgerSum(app.db, userId, 'credits')).toBe(0);
    expect(await openHolds(app, userId)).toBe(0);
    await expectLedgerInvariants(app.db);
    app.server.closeAllConnections();
  });

  it('a client that leaves mid-stream pays for what it was sent and leaves no hold', async () => {
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const { engine } = scriptedEngine(async (index) => {
      if (index >= 1) await gate;
    });
    const app = await buildTestApp({ engines: [engine] });
    const base = await listening(app);
    const { secret, userId } = await apiUser(app);
    const before = await creditsOf(app.db, userId);
    const sentence = 'This sentence is one of many in a long text. ';
    const text = sentence.repeat(40).trim();
    const controller = new AbortController();
    const client = new OpenAI({ apiKey: secret, baseURL: `${base}/openai/v1`, maxRetries: 0 });
    const response = await client.audio.speech.create(
      { model: 'tts-1', voice: 'alloy', input: text, response_format: 'pcm' },
      { signal: controller.signal },
    );
    const reader = response.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    controller.abort();
    openGate();
    // The task ends once the server sees the socket close: failed, with the reason recorded.
    let task: { status: string; error: string | null } | undefined;
    for (let i = 0; i < 100 && task?.status !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      task = await app.db
        .selectFrom('speech_tasks')
        .select(['status', 'error'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    }
    expect(task).toEqual({ status: 'failed', error: 'The client disconnected before all the audio was delivered.' });
    expect(await openHolds(app, userId)).toBe(0);
    const spent = before - (await creditsOf(app.db, userId));
    // The first chunk (eSpeak speaks up to 600 characters at once) was paid for; the rest went back.
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(600);
    expect(spent).toBeLessThan(text.length);
    await expectLedgerInvariants(app.db);
    app.server.closeAllConnections();
  });
});

describe('API keys', () => {
  it('are stored as a hash only', async () => {
    const app = await buildTestApp();
    const { secret, key } = await apiUser(app);
    const row = await app.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(secret.startsWith(row.prefix)).toBe(true);
    expect(row.prefix.length).toBeLessThan(secret.length / 2);
  });

  it('never open the web app’s cookie routes or staff routes', async () => {
    const app = await buildTestApp();
    const { secret } = await apiUser(app);
    const asKey = (method: 'GET' | 'POST', url: string) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${secret}`, 'xi-api-key': secret } });
    for (const url of ['/api/api-keys', '/api/me', '/api/voice/cloned', '/api/admin/users', '/api/elevenlabs/task/x']) {
      const response = await asKey('GET', url);
      expect([401, 403, 404], `${url} answered ${response.statusCode}`).toContain(response.statusCode);
      expect(response.statusCode).not.toBe(200);
    }
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/elevenlabs/tts',
      headers: { authorization: `Bearer ${secret}` },
      payload: { text: 'hello', voice_id: 'x', model_id: 'y' },
    });
    expect(submitted.statusCode).toBe(401);
    const tasks = await app.db.selectFrom('speech_tasks').select('id').execute();
    expect(tasks).toHaveLength(0);
  });
});
