import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { EngineError } from '../../src/engines/speech-engine.js';
import { buildTestApp } from '../helpers/build-app.js';
import { describeOnEachDatabase } from '../helpers/databases.js';
import { expectLedgerInvariants, openHolds } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { scriptedEngine, waitForTask } from '../helpers/speech.js';

const VOICE = 'espeak-en-us-f2';
/** Long enough for three chunks, so a failure can land after some audio was already made. */
const THREE_CHUNKS = 'This sentence is here to fill a chunk of the text with words. '.repeat(25).trim();

interface Figures {
  credits: number;
  totalCreditsUsed: number;
}

async function figures(app: FastifyInstance, cookie: string): Promise<Figures> {
  const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as Figures;
  return { credits: me.credits, totalCreditsUsed: me.totalCreditsUsed };
}

function submit(app: FastifyInstance, cookie: string, text: string) {
  return app.inject({
    method: 'POST',
    url: '/api/elevenlabs/tts',
    headers: { origin: ORIGIN, cookie },
    payload: { text, voice_id: VOICE, model_id: 'espeak-ng' },
  });
}

describe('speech tasks when the engine fails', () => {
  const failures: [string, () => Error, string, string][] = [
    [
      'a raw timeout',
      () => new Error('upstream timeout after 30 s'),
      'Request timed out. Please try again.',
      'TIMEOUT',
    ],
    [
      'an engine error',
      () => new EngineError('Too many requests. Please wait a moment and try again.', 'rate_limited'),
      'Too many requests. Please wait a moment and try again.',
      'RATE_LIMITED',
    ],
    [
      'a broken voice',
      () => new Error('tts_chunk_error at chunk 3'),
      'Voice processing error: the voice may be corrupted; create a new clone with better audio, use a different voice, or use a file of at least 10 seconds',
      'VOICE_PROCESSING',
    ],
    [
      'an internal error',
      () => new Error("ENOENT: no such file '/srv/models/x.bin'"),
      'Unknown error occurred',
      'UNKNOWN_FAILURE',
    ],
  ];

  for (const [label, makeError, shown, code] of failures) {
    it(`gives the credits back exactly and shows the mapped message after ${label}`, async () => {
      // The third chunk throws, after two chunks of audio were already made.
      const { engine, calls } = scriptedEngine((index) => {
        if (index === 2) throw makeError();
      });
      const app = await buildTestApp({ engines: [engine] });
      const user = await signedInUser(app);
      const before = await figures(app, user.cookie);

      const submitted = await submit(app, user.cookie, THREE_CHUNKS);
      expect(submitted.statusCode).toBe(200);
      const taskId = (submitted.json() as { task_id: string }).task_id;
      const task = await waitForTask(app, taskId, user.cookie);

      expect(calls()).toBe(3);
      expect(task).toMatchObject({
        status: 'failed',
        error_message: shown,
        error_code: code,
        audio_url: null,
        transcript_url: null,
      });
      expect(await figures(app, user.cookie)).toEqual(before);
      expect(await openHolds(app, user.userId)).toBe(0);
      // Nothing half-made is kept.
      expect(await app.storage.stat(`tasks/${taskId}/audio.mp3`)).toBeNull();
      expect(await app.storage.stat(`tasks/${taskId}/transcript.srt`)).toBeNull();
      await expectLedgerInvariants(app.db);
    });
  }
});

describe('the per-user cap on unfinished tasks', () => {
  it('answers 429 with Retry-After while the cap is reached, and accepts again once a task ends', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { engine } = scriptedEngine(() => gate);
    const app = await buildTestApp({ env: { SPEECH_ACTIVE_TASKS_PER_USER: '2' }, engines: [engine] });
    const user = await signedInUser(app);

    const first = await submit(app, user.cookie, 'First task.');
    const second = await submit(app, user.cookie, 'Second task.');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const third = await submit(app, user.cookie, 'Third task.');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('5');
    expect(third.json()).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });

    open();
    for (const response of [first, second]) {
      const task = await waitForTask(app, (response.json() as { task_id: string }).task_id, user.cookie);
      expect(task.status).toBe('done');
    }
    expect((await submit(app, user.cookie, 'Fourth task.')).statusCode).toBe(200);
    // Two finished tasks were paid for; the refused one held nothing.
    const after = await figures(app, user.cookie);
    expect(after.totalCreditsUsed).toBe('First task.'.length + 'Second task.'.length);
  });
});

describeOnEachDatabase('submissions racing for the last place under the cap', (target) => {
  it('lets exactly as many through as the cap allows, holding credits only for those', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { engine } = scriptedEngine(() => gate);
    const { database, cleanup } = await target.open();
    onTestFinished(cleanup);
    const app = await buildTestApp({
      env: { SPEECH_ACTIVE_TASKS_PER_USER: '2', SPEECH_REQUESTS_PER_MINUTE: '100' },
      engines: [engine],
      override: (config) => ({ ...config, database }),
    });
    const user = await signedInUser(app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => submit(app, user.cookie, `Racing task number ${i}.`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    expect(await openHolds(app, user.userId)).toBe(2);
    const account = await app.db
      .selectFrom('user_accounts')
      .select('held_credits')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(Number(account.held_credits)).toBe(2 * 'Racing task number 0.'.length);
    open();
    await expectLedgerInvariants(app.db);
  });
});
