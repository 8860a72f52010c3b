import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { taskFileKey } from '../../src/storage/keys.js';
import { type FakeS3, startFakeS3 } from '../fakes/s3-server.js';
import { createServerDatabase, testDatabaseUrl } from '../helpers/databases.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { BACKEND_HEADER, type ReverseProxy, startReverseProxy } from '../helpers/reverse-proxy.js';
import {
  answersHealthCheck,
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  tail,
  waitUntilReady,
} from '../helpers/server-processes.js';

/**
 * The scale-out recipe of docs/operations.md, run for real: two API processes (RUN_WORKERS=false)
 * and two worker processes, as separate Node processes, sharing one PostgreSQL database and one S3
 * bucket (s3rver), with a reverse proxy in front. Each step talks to a named API process through
 * the proxy, so whatever crosses from one process to another (sessions, signed links, files,
 * account events, tasks) is proved to cross.
 */

const VOICE = 'espeak-en-us-f2';
const PASSWORD = 'correct horse battery';
const ADMIN = { username: 'ops', password: 'a-long-admin-password' };
const STALE_SECONDS = 3;
const API_1 = 0;
const API_2 = 1;

interface PolledTask {
  status: string;
  progress: number;
  audio_url: string | null;
  error_message: string | null;
}

interface AccountFigures {
  credits: number;
  balance: number;
  totalCreditsUsed: number;
}

describe.skipIf(!testDatabaseUrl)(
  'several API and worker processes on one PostgreSQL server (needs TEST_DATABASE_URL)',
  () => {
    let database: { url: string; drop: () => Promise<void> } | undefined;
    let handle: DatabaseHandle | undefined;
    let s3: FakeS3 | undefined;
    let proxy: ReverseProxy | undefined;
    const processes: ServerProcess[] = [];
    const dataDirs: string[] = [];
    let workers: ServerProcess[] = [];
    // One user through the whole scenario: the steps below run in order, each building on the last.
    let user = { id: '', cookie: '' };

    /** A request through the proxy, pinned to one API process, with the Origin a browser on the site sends. */
    async function call(backend: number, url: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
      if (!proxy) throw new Error('the proxy is not running');
      const headers: Record<string, string> = { [BACKEND_HEADER]: String(backend), origin: proxy.url };
      if (init.cookie) headers.cookie = init.cookie;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${proxy.url}${url}`, {
        method: init.method ?? 'GET',
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
    }

    const cookieOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');

    function db() {
      if (!handle) throw new Error('the database is not open');
      return handle.db;
    }

    async function pollTask(backend: number, taskId: string, until: (task: PolledTask) => boolean, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const task = (await (
          await call(backend, `/api/elevenlabs/task/${taskId}`, { cookie: user.cookie })
        ).json()) as PolledTask;
        if (until(task)) return task;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(
        `task ${taskId} did not get there in ${timeoutMs} ms:\n${workers.map((w) => tail(w, 10)).join('\n')}`,
      );
    }

    async function submitSpeech(backend: number, text: string): Promise<string> {
      const response = await call(backend, '/api/elevenlabs/tts', {
        method: 'POST',
        cookie: user.cookie,
        body: { text, voice_id: VOICE, model_id: 'espeak-ng' },
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { task_id: string }).task_id;
    }

    async function downloadAudio(backend: number, task: PolledTask): Promise<Buffer> {
      const link = new URL(task.audio_url ?? '');
      const response = await call(backend, link.pathname + link.search);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      return Buffer.from(await response.arrayBuffer());
    }

    async function objectInBucket(key: string): Promise<Buffer> {
      if (!s3) throw new Error('the bucket is not running');
      const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    }

    beforeAll(async () => {
      database = await createServerDatabase();
      s3 = await startFakeS3();
      const apiPorts = [await freePort(), await freePort()];
      proxy = await startReverseProxy(apiPorts.map((port) => `http://127.0.0.1:${port}`));
      const shared: Record<string, string> = {
        ...s3.env,
        DATABASE_URL: database.url,
        // Every process builds links and checks Origin against the proxy's address, the one users see.
        PUBLIC_URL: proxy.url,
        HOST: '127.0.0.1',
        // Kept in memory by the test (never printed) and read for the migration and requeue lines.
        LOG_LEVEL: 'info',
        SPEECH_ENGINE_B: 'espeak',
        SPEECH_STALE_TASK_SECONDS: String(STALE_SECONDS),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        // Four processes starting on two shared cores lag; the overload guard would answer 503 to the test.
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      };
      const roles = [
        { name: 'api-1', role: 'api', port: apiPorts[0] },
        { name: 'api-2', role: 'api', port: apiPorts[1] },
        { name: 'worker-1', role: 'worker', port: undefined },
        { name: 'worker-2', role: 'worker', port: undefined },
      ] as const;
      // All four at once, on the empty database: the migrations race is part of what is tested.
      for (const { name, role, port } of roles) {
        const dataDir = await mkdtemp(path.join(tmpdir(), `sayso-${name}-`));
        dataDirs.push(dataDir);
        const env: Record<string, string> = {
          ...shared,
          DATA_DIR: dataDir,
          // Names the process's database connections, so pg_stat_activity tells which worker runs a task.
          PGAPPNAME: name,
          ...(role === 'api' ? { RUN_WORKERS: 'false', PORT: String(port) } : {}),
        };
        processes.push(startServerProcess(name, role, env));
      }
      workers = processes.filter((p) => p.role === 'worker');
      await Promise.all(
        processes.map((p, index) =>
          p.role === 'api'
            ? waitUntilReady(p, () => answersHealthCheck(`http://127.0.0.1:${apiPorts[index]}`), 80_000)
            : waitUntilReady(p, () => p.logged('worker started').length > 0, 80_000),
        ),
      );
      handle = await openDatabase({ kind: 'postgres', url: database.url });
    }, 90_000);

    afterAll(async () => {
      await Promise.all(processes.map(stopServerProcess));
      await proxy?.close();
      await handle?.close();
      await s3?.close();
      await database?.drop();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }, 60_000);

    it('applies the migrations exactly once when all four start together on an empty database', async () => {
      const rows = await db().selectFrom('schema_migrations').select('version').orderBy('version').execute();
      expect(rows.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
      const appliers = processes.filter((p) => p.logged('database migrations applied').length > 0);
      expect(appliers.map((p) => p.name)).toHaveLength(1);
      const [applier] = appliers;
      expect(applier?.logged('database migrations applied')[0]?.applied).toEqual(migrations.map((m) => m.version));
    });

    it('spreads requests over both API processes', async () => {
      if (!proxy) throw new Error('the proxy is not running');
      const before = [...proxy.served];
      for (let i = 0; i < 4; i += 1) expect((await fetch(`${proxy.url}/api/health`)).status).toBe(200);
      expect(proxy.served.map((count, index) => count - (before[index] ?? 0))).toEqual([2, 2]);
    });

    it('signs up on API 1, submits on API 2, renders on a worker, and serves the audio from the bucket on API 1', async () => {
      const email = `scale-${randomUUID()}@example.com`;
      const signUp = await call(API_1, '/api/auth/sign-up/email', {
        method: 'POST',
        body: { email, password: PASSWORD, name: 'Scale Test' },
      });
      expect(signUp.status, await signUp.clone().text()).toBe(200);
      user = { id: ((await signUp.json()) as { user: { id: string } }).user.id, cookie: cookieOf(signUp) };

      // The session made by API 1 is honoured by API 2: the submission is the user's.
      const taskId = await submitSpeech(API_2, 'Hello from the second API process. A worker elsewhere renders this.');
      const task = await pollTask(API_1, taskId, (t) => t.status === 'done' || t.status === 'failed', 25_000);
      expect(task).toMatchObject({ status: 'done', progress: 100, error_message: null });

      // The link API 1 signed is served by API 1 from the bucket, byte for byte what the worker stored.
      const audio = await downloadAudio(API_1, task);
      expect(audio.length).toBeGreaterThan(1_000);
      expect(audio.equals(await objectInBucket(taskFileKey(taskId, 'audio')))).toBe(true);
      // Nothing went to any process's own disk.
      for (const dir of dataDirs) expect(existsSync(path.join(dir, 'files')), dir).toBe(false);
    }, 30_000);

    it('shows a purchase made through API 2 on the live credits stream held open on API 1', async () => {
      const controller = new AbortController();
      const stream = await fetch(`${proxy?.url}/api/me/events`, {
        headers: { [BACKEND_HEADER]: String(API_1), cookie: user.cookie },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const events: AccountFigures[] = [];
      const reading = readAccountEvents(stream, events).catch(() => {});
      try {
        await expect.poll(() => events.length, { timeout: 5_000 }).toBeGreaterThan(0);
        const before = events.at(-1) as AccountFigures;

        const admin = await call(API_2, '/api/admin/session', { method: 'POST', body: ADMIN });
        expect(admin.status).toBe(200);
        const topUp = await call(API_2, `/api/admin/users/${user.id}/balance/add`, {
          method: 'POST',
          cookie: cookieOf(admin),
          body: { amount: 3_000 },
        });
        expect(topUp.status, await topUp.clone().text()).toBe(200);
        await expect.poll(() => events.at(-1)?.balance, { timeout: 5_000 }).toBe(before.balance + 3_000);

        const purchase = await call(API_2, '/api/purchases', {
          method: 'POST',
          cookie: user.cookie,
          body: { packId: 'starter', idempotencyKey: `scale-${randomUUID()}` },
        });
        expect(purchase.status, await purchase.clone().text()).toBe(200);
        await expect
          .poll(() => events.at(-1), { timeout: 5_000 })
          .toMatchObject({ credits: before.credits + 1_000_000, balance: before.balance });
      } finally {
        controller.abort();
        await reading;
      }
    }, 20_000);

    it('refuses an API key on API 1 from the request after it was revoked on API 2', async () => {
      const created = await call(API_1, '/api/api-keys', {
        method: 'POST',
        cookie: user.cookie,
        body: { name: 'Scale key', scopes: ['voices:read'] },
      });
      expect(created.status, await created.clone().text()).toBe(200);
      const key = (await created.json()) as { key: { id: string }; secret: string };
      const models = (backend: number) =>
        fetch(`${proxy?.url}/openai/v1/models`, {
          headers: { [BACKEND_HEADER]: String(backend), authorization: `Bearer ${key.secret}` },
        });
      expect((await models(API_1)).status).toBe(200);
      expect((await models(API_2)).status).toBe(200);
      const revoked = await call(API_2, `/api/api-keys/${key.key.id}`, { method: 'DELETE', cookie: user.cookie });
      expect(revoked.status).toBe(200);
      // No process keeps keys in memory: the very next request on the other process is refused.
      expect((await models(API_1)).status).toBe(401);
    }, 20_000);

    it('resumes a long task on the other worker after its worker is killed, and captures its hold once', async () => {
      // 150 sentences (about 14,000 characters): eSpeak speaks several per run, and this one must
      // still be caught half-way.
      const text = Array.from(
        { length: 150 },
        (_, i) => `This is sentence number ${i + 1} of a long task that one worker starts and another one finishes.`,
      ).join(' ');
      const taskId = await submitSpeech(API_2, text);
      const running = await workerRunning(taskId);
      const victim = workers.find((w) => w.name === running.worker);
      if (!victim) throw new Error(`no worker is named ${running.worker}`);
      const survivor = workers.find((w) => w !== victim);
      victim.child.kill('SIGKILL');
      expect(await victim.exited).toMatchObject({ signal: 'SIGKILL' });

      const task = await pollTask(API_1, taskId, (t) => t.status === 'done' || t.status === 'failed', 60_000);
      expect(task).toMatchObject({ status: 'done', progress: 100, error_message: null });
      expect(survivor?.logged('requeued a stalled speech task').map((line) => line.taskId)).toContain(taskId);
      const audio = await downloadAudio(API_1, task);
      expect(audio.equals(await objectInBucket(taskFileKey(taskId, 'audio')))).toBe(true);

      // Exactly one hold for the task, captured, with one hold movement and no release behind it.
      const row = await db()
        .selectFrom('speech_tasks')
        .select('hold_id')
        .where('id', '=', taskId)
        .executeTakeFirstOrThrow();
      const holdId = row.hold_id ?? '';
      const holds = await db().selectFrom('credit_holds').selectAll().where('id', '=', holdId).execute();
      expect(holds.map((hold) => hold.status)).toEqual(['captured']);
      const movements = await db()
        .selectFrom('ledger_entries')
        .select(['kind', 'amount'])
        .where('reference', '=', holdId)
        .execute();
      expect(movements).toEqual([{ kind: 'hold', amount: -text.length }]);
      const account = await db()
        .selectFrom('user_accounts')
        .select('held_credits')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Number(account.held_credits)).toBe(0);
      await expectLedgerInvariants(db());
    }, 100_000);

    /**
     * Which worker runs a task: the one whose connections (named by PGAPPNAME) sent a heartbeat or
     * progress update since the task was submitted. Earlier tasks' updates are older than that, and
     * only a worker running a task sends these. Waits until some sentences are rendered, so the
     * resumed run has cached ones to reuse, but not all of them.
     */
    async function workerRunning(taskId: string): Promise<{ worker: string }> {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const task = await db()
          .selectFrom('speech_tasks')
          .select(['status', 'progress'])
          .where('id', '=', taskId)
          .executeTakeFirstOrThrow();
        if (task.status !== 'queued' && task.status !== 'processing') {
          throw new Error(`the task ended (${task.status}) before a worker could be killed`);
        }
        if (task.status === 'processing' && task.progress > 0) {
          // A connection shows only its latest query, so one look may miss the beat; the next catches it.
          const beating = await sql<{ application_name: string }>`
            select distinct application_name from pg_stat_activity
             where datname = current_database()
               and application_name like 'worker-%'
               and (query like 'update "speech_tasks" set "progress"%'
                    or query like 'update "speech_tasks" set "updated_at" = $1 where "id" = $2 and "status" = $3')
               and query_start > (select created_at from speech_tasks where id = ${taskId})
          `.execute(db());
          if (beating.rows.length > 1) throw new Error('both workers look busy with one task');
          if (beating.rows[0]) return { worker: beating.rows[0].application_name };
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('no worker was seen running the task');
    }
  },
);

/** Reads server-sent `account` events into `events` until the stream ends. */
async function readAccountEvents(response: Response, events: AccountFigures[]): Promise<void> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return;
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += value;
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (block.includes('event: account') && data) events.push(JSON.parse(data.slice(6)) as AccountFigures);
      end = buffered.indexOf('\n\n');
    }
  }
}
