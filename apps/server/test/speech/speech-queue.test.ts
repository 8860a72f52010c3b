import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { type DatabaseTarget, describeOnEachDatabase } from '../helpers/databases.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { scriptedEngine, waitForTask } from '../helpers/speech.js';

const VOICE = 'espeak-en-us-f2';
/**
 * Half the shortest stale period SPEECH_STALE_TASK_SECONDS accepts (2), set on the config directly
 * so that waiting past three periods costs 3.5 s, not 7: the sweeper still runs every second, and
 * the busy task's heartbeat every third of a second keeps it three beats ahead of looking dead.
 */
const STALE_SECONDS = 1;
const QUEUE_ENV = {
  SPEECH_ACTIVE_TASKS_PER_USER: '20',
  SPEECH_REQUESTS_PER_MINUTE: '100',
};

interface QueuedView {
  status: string;
  progress: number;
  error_message: string | null;
  queue_position: number | null;
}

/** One worker slot kept busy: the first chunk the engine is asked for waits until the test opens the gate. */
function busyWorker() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const { engine } = scriptedEngine((index) => (index === 0 ? gate : undefined));
  return { engine, open };
}

async function submit(app: FastifyInstance, cookie: string, text: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/elevenlabs/tts',
    headers: { origin: ORIGIN, cookie },
    payload: { text, voice_id: VOICE, model_id: 'espeak-ng' },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { task_id: string }).task_id;
}

async function readTask(app: FastifyInstance, cookie: string, taskId: string): Promise<QueuedView> {
  const response = await app.inject({ method: 'GET', url: `/api/elevenlabs/task/${taskId}`, headers: { cookie } });
  return response.json() as QueuedView;
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function totalCreditsUsed(app: FastifyInstance, cookie: string): Promise<number> {
  const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as {
    totalCreditsUsed: number;
  };
  return me.totalCreditsUsed;
}

/** The live (not yet finished) pg-boss jobs that would run a task. */
async function liveJobsFor(app: FastifyInstance, taskId: string): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from pgboss.job
    where name = 'speech' and data->>'taskId' = ${taskId} and state in ('created', 'retry', 'active')
  `.execute(app.db);
  return result.rows[0]?.n ?? 0;
}

/** The app on a migrated database of the target, with one busy engine and a one-second stale period. */
async function queueApp(target: DatabaseTarget, engine: ReturnType<typeof busyWorker>['engine']) {
  const { database, cleanup } = await target.openMigrated();
  onTestFinished(cleanup);
  return buildTestApp({
    env: QUEUE_ENV,
    engines: [engine],
    override: (config) => ({ ...config, database, speech: { ...config.speech, staleTaskSeconds: STALE_SECONDS } }),
  });
}

/** Submits a task that blocks the only worker, and waits until that worker has claimed it. */
async function occupyWorker(app: FastifyInstance, cookie: string): Promise<string> {
  const running = await submit(app, cookie, 'This task keeps the only worker busy.');
  await until(async () => (await readTask(app, cookie, running)).status === 'processing');
  return running;
}

describeOnEachDatabase('tasks waiting in the queue', (target) => {
  it('are never failed as stalled while a busy worker keeps them waiting past the stale period', async () => {
    const worker = busyWorker();
    const app = await queueApp(target, worker.engine);
    const user = await signedInUser(app);
    const running = await occupyWorker(app, user.cookie);
    const texts = ['Second in line.', 'Third in line.', 'Fourth in line.', 'Fifth in line.', 'Sixth in line.'];
    const waiting: string[] = [];
    for (const text of texts) waiting.push(await submit(app, user.cookie, text));

    // Past three stale periods: the old sweeper requeued each waiting task, then failed it.
    await pause(STALE_SECONDS * 3_500);
    for (const taskId of waiting) {
      expect(await readTask(app, user.cookie, taskId)).toMatchObject({ status: 'queued', error_message: null });
    }
    expect((await readTask(app, user.cookie, running)).status).toBe('processing');
    // None was put back in the queue as if its worker had died.
    const notes = await app.db.selectFrom('speech_tasks').select('error').execute();
    expect(notes.map((row) => row.error)).toEqual(notes.map(() => null));

    worker.open();
    for (const taskId of [running, ...waiting]) {
      expect((await waitForTask(app, taskId, user.cookie)).status).toBe('done');
    }
    const spent = 'This task keeps the only worker busy.'.length + texts.join('').length;
    expect(await totalCreditsUsed(app, user.cookie)).toBe(spent);
    await expectLedgerInvariants(app.db);
  }, 40_000);

  it('shows each waiting task how many tasks are ahead of it, and null once it is not waiting', async () => {
    const worker = busyWorker();
    const app = await queueApp(target, worker.engine);
    const first = await signedInUser(app);
    const second = await signedInUser(app);
    const running = await occupyWorker(app, first.cookie);
    // Two users' tasks share one queue, in the order they were sent.
    const waiting = [
      { user: first, taskId: await submit(app, first.cookie, 'First waiting task.') },
      { user: second, taskId: await submit(app, second.cookie, 'Second waiting task.') },
      { user: first, taskId: await submit(app, first.cookie, 'Third waiting task.') },
    ];

    expect((await readTask(app, first.cookie, running)).queue_position).toBeNull();
    const positions = [];
    for (const { user, taskId } of waiting) positions.push((await readTask(app, user.cookie, taskId)).queue_position);
    expect(positions).toEqual([0, 1, 2]);

    worker.open();
    for (const { user, taskId } of waiting) {
      await waitForTask(app, taskId, user.cookie);
      expect((await readTask(app, user.cookie, taskId)).queue_position).toBeNull();
    }
  }, 30_000);

  it('a task requeued after its worker died waits in the queue again without being failed, and is charged once', async () => {
    const worker = busyWorker();
    const app = await queueApp(target, worker.engine);
    const user = await signedInUser(app);
    const running = await occupyWorker(app, user.cookie);
    const text = 'My worker died while rendering me.';
    const orphan = await submit(app, user.cookie, text);
    // What a worker that died mid-render leaves behind: claimed, and silent for longer than the stale period.
    await app.db
      .updateTable('speech_tasks')
      .set({ status: 'processing', updated_at: new Date(Date.now() - 60_000) })
      .where('id', '=', orphan)
      .execute();

    await until(async () => {
      const row = await app.db.selectFrom('speech_tasks').select('error').where('id', '=', orphan).executeTakeFirst();
      return row?.error != null;
    });
    expect((await readTask(app, user.cookie, orphan)).status).toBe('queued');
    // Requeued once; waiting behind the busy worker must not count as stalling a second time.
    await pause(STALE_SECONDS * 3_500);
    expect(await readTask(app, user.cookie, orphan)).toMatchObject({ status: 'queued', error_message: null });

    worker.open();
    expect((await waitForTask(app, running, user.cookie)).status).toBe('done');
    expect((await waitForTask(app, orphan, user.cookie)).status).toBe('done');
    // Its first job and the sweeper's both ran out; the second found it done and changed nothing.
    await until(async () => (await liveJobsFor(app, orphan)) === 0);
    expect(await totalCreditsUsed(app, user.cookie)).toBe('This task keeps the only worker busy.'.length + text.length);
    await expectLedgerInvariants(app.db);
  }, 40_000);

  it('a waiting task whose job was lost gets one new job and finishes once', async () => {
    const worker = busyWorker();
    const app = await queueApp(target, worker.engine);
    const user = await signedInUser(app);
    const running = await occupyWorker(app, user.cookie);
    const kept = await submit(app, user.cookie, 'My job is safe in the queue.');
    const lost = await submit(app, user.cookie, 'My job was lost in a crash.');
    // A crash between recording the task and sending its job, or a job the queue threw away.
    await sql`delete from pgboss.job where name = 'speech' and data->>'taskId' = ${lost}`.execute(app.db);
    // PostgreSQL keeps microseconds, more than a JavaScript Date holds; the sweeper must still match it.
    await sql`update speech_tasks set queued_at = queued_at + interval '123 microseconds' where id = ${lost}`.execute(
      app.db,
    );
    expect(await liveJobsFor(app, lost)).toBe(0);

    // The sweeper sends the lost task a new job; the waiting task with a live job gets no second one.
    await until(async () => (await liveJobsFor(app, lost)) === 1);
    await pause(STALE_SECONDS * 3_500);
    expect(await liveJobsFor(app, lost)).toBe(1);
    expect(await liveJobsFor(app, kept)).toBe(1);
    expect((await readTask(app, user.cookie, lost)).status).toBe('queued');

    worker.open();
    for (const taskId of [running, kept, lost]) {
      expect((await waitForTask(app, taskId, user.cookie)).status).toBe('done');
    }
    const spent = [
      'This task keeps the only worker busy.',
      'My job is safe in the queue.',
      'My job was lost in a crash.',
    ];
    expect(await totalCreditsUsed(app, user.cookie)).toBe(spent.join('').length);
    await expectLedgerInvariants(app.db);
  }, 40_000);
});
