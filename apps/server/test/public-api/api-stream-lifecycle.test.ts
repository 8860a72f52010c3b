import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { creditCost } from '../../src/domains/accounts/index.js';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import { creditsOf, expectLedgerInvariants, openHolds } from '../helpers/money.js';
import { scriptedEngine } from '../helpers/speech.js';

const SENTENCE = 'This sentence is one of many in a long text. ';
const TEXT = SENTENCE.repeat(40).trim();
const COST = creditCost(TEXT);

/** Characters counted against the key this month. */
async function monthCharacters(app: FastifyInstance, keyId: string): Promise<number> {
  const row = await app.db
    .selectFrom('api_key_usage')
    .select(sql<string>`coalesce(sum(characters), 0)`.as('n'))
    .where('key_id', '=', keyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function apiTask(app: FastifyInstance, userId: string) {
  return app.db
    .selectFrom('speech_tasks')
    .select(['id', 'status', 'error_code'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * A stream whose first chunk arrives and whose second waits for `openGate`; the client reads the
 * first chunk and leaves. Answers what the test needs to watch the task end.
 */
async function leaveAfterFirstChunk(options: { logLines?: string[] } = {}) {
  let openGate = () => {};
  const gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
  const { engine } = scriptedEngine(async (index) => {
    if (index >= 1) await gate;
  });
  const lines = options.logLines;
  const app = await buildTestApp({
    engines: [engine],
    ...(lines ? { env: { LOG_LEVEL: 'warn' }, logStream: { write: (line: string) => void lines.push(line) } } : {}),
  });
  const base = await listening(app);
  const user = await apiUser(app);
  const before = await creditsOf(app.db, user.userId);
  const controller = new AbortController();
  const client = new OpenAI({ apiKey: user.secret, baseURL: `${base}/openai/v1`, maxRetries: 0 });
  const response = await client.audio.speech.create(
    { model: 'tts-1', voice: 'alloy', input: TEXT, response_format: 'pcm' },
    { signal: controller.signal },
  );
  const reader = response.body?.getReader();
  expect((await reader?.read())?.done).toBe(false);
  // Admitted: the whole text is counted against the key's month while it streams.
  expect(await monthCharacters(app, user.key.id)).toBe(COST);
  const leave = () => {
    controller.abort();
    openGate();
  };
  return { app, user, before, leave };
}

describe('a client that leaves the API stream part way', () => {
  it('pays only for what it was sent, and the key’s month keeps only those characters', async () => {
    const { app, user, before, leave } = await leaveAfterFirstChunk();
    leave();
    let task = await apiTask(app, user.userId);
    for (let i = 0; i < 100 && task?.status !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      task = await apiTask(app, user.userId);
    }
    expect(task).toMatchObject({ status: 'failed', error_code: 'CLIENT_LEFT' });
    const spent = before - (await creditsOf(app.db, user.userId));
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(COST);
    // The month was given back exactly what the hold gave back: both ended in one unit of work.
    expect(await monthCharacters(app, user.key.id)).toBe(spent);
    expect(await openHolds(app, user.userId)).toBe(0);
    await expectLedgerInvariants(app.db);
    app.server.closeAllConnections();
  });

  it('keeps neither the task’s end nor the key’s refund when the unit fails after the refund', async () => {
    const lines: string[] = [];
    const { app, user, before, leave } = await leaveAfterFirstChunk({ logLines: lines });
    // A real failure in the real database, after the refund step: a deferred constraint trigger on
    // the key's usage fires at commit, after every statement of the unit has run, and aborts it.
    await sql`
      create function refuse_usage_change() returns trigger language plpgsql as $$
      begin
        raise exception 'injected after the refund';
      end $$`.execute(app.db);
    await sql`
      create constraint trigger refuse_usage_change after update on api_key_usage
      deferrable initially deferred for each row execute function refuse_usage_change()`.execute(app.db);
    expect(await openHolds(app, user.userId)).toBe(1);

    leave();
    for (let i = 0; i < 100 && !lines.some((line) => line.includes('could not be recorded')); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const logged = lines.find((line) => line.includes('could not be recorded'));
    expect(logged).toContain('injected after the refund');

    // Nothing of the end stayed: the task still runs with its whole hold open (the sweeper will
    // fail it), and the key's month still counts every character.
    expect(await apiTask(app, user.userId)).toMatchObject({ status: 'processing', error_code: null });
    expect(await openHolds(app, user.userId)).toBe(1);
    expect(await monthCharacters(app, user.key.id)).toBe(COST);
    expect(before - (await creditsOf(app.db, user.userId))).toBe(COST);
    await expectLedgerInvariants(app.db);
    app.server.closeAllConnections();
  });
});
