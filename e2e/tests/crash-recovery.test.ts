import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../support/server.js';

const TEXT = 'A worker that dies mid-sentence must not keep anyone’s credits. '.repeat(150).trim();

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Task {
  status: string;
  progress: number;
  error_message: string | null;
}

describe('a server killed in the middle of a speech job', () => {
  it('finishes the task after a restart (one requeue), charges it once, and leaves no credit hold open', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-crash-'));
    let server: RunningServer | null = null;
    try {
      server = await startServer({ dataDir, env: { SPEECH_STALE_TASK_SECONDS: '3' } });
      const origin = server.baseUrl;
      const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: 'crash@example.test', password: 'correct horse battery', name: 'Crash Test' }),
      });
      await json(signUp);
      const cookie = signUp.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const { task_id: taskId } = await json<{ task_id: string }>(
        await fetch(`${origin}/api/elevenlabs/tts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, cookie },
          body: JSON.stringify({ text: TEXT, voice_id: 'espeak-en-us-m3', model_id: 'espeak-ng' }),
        }),
      );
      const readTask = async (base: string) =>
        json<Task>(await fetch(`${base}/api/elevenlabs/task/${taskId}`, { headers: { cookie } }));

      // Kill the process once the worker has made visible progress on the 9,600-character text.
      await expect
        .poll(async () => (await readTask(origin)).progress, { timeout: 30_000, interval: 100 })
        .toBeGreaterThan(0);
      expect((await readTask(origin)).status).toBe('processing');
      await server.kill();

      server = await startServer({ dataDir, env: { SPEECH_STALE_TASK_SECONDS: '3' } });
      const restarted = server.baseUrl;
      await expect
        .poll(async () => (await readTask(restarted)).status, { timeout: 90_000, interval: 500 })
        .toMatch(/^(done|failed)$/);
      // One requeue is allowed, and the heartbeat keeps the rerun alive, so the work is not lost.
      expect((await readTask(restarted)).status).toBe('done');
      const finished = await readTask(restarted);
      const me = await json<{ credits: number; totalCreditsUsed: number }>(
        await fetch(`${restarted}/api/me`, { headers: { cookie } }),
      );
      const spent = finished.status === 'done' ? TEXT.length : 0;
      expect(me).toMatchObject({ credits: 10_000 - spent, totalCreditsUsed: spent });
      await server.stop();
      server = null;

      // With the server down, read its database directly: no hold is open, nothing is held.
      const db = new PGlite(path.join(dataDir, 'db'));
      try {
        const holds = await db.query<{ open: number }>(
          "SELECT count(*)::int AS open FROM credit_holds WHERE status = 'open'",
        );
        const held = await db.query<{ held: number }>(
          'SELECT coalesce(sum(held_credits), 0)::int AS held FROM user_accounts',
        );
        expect(holds.rows[0]?.open).toBe(0);
        expect(held.rows[0]?.held).toBe(0);
      } finally {
        await db.close();
      }
    } finally {
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
