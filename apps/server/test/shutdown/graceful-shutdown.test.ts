import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answersHealthCheck,
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  tail,
  waitUntilReady,
} from '../helpers/server-processes.js';

/** What a request ended with: an answer's status, or the error of one that got none. */
type Outcome = { status: number; body: string } | { error: string };

const PASSWORD = 'a shutdown test password';

/** Words of a log line that means a request used the database after it was closed. */
const CLOSED_DATABASE = /closed|destroyed|terminat|not open|after calling end|cannot use a pool/i;

/**
 * Issue 15: stopping the server while requests are in flight. On SIGTERM the process stops
 * accepting connections, lets the requests it has finish, stops its job workers and only then
 * closes the database, and exits 0. Runs the real server (server.ts) as a child on the embedded
 * database, with a worker rendering, so every part that closes is there.
 */
describe('graceful shutdown', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';

  afterEach(async () => {
    if (server) await stopServerProcess(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers every request in flight at SIGTERM, none with a 500, then exits 0', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-shutdown-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const running = startServerProcess('api', 'api', {
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
      SPEECH_REQUESTS_PER_MINUTE: '1000',
      SPEECH_REQUESTS_PER_IP_PER_MINUTE: '1000',
      SPEECH_ACTIVE_TASKS_PER_USER: '100',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      REQUEST_DATABASE_WAIT_MS: '0',
    });
    server = running;
    await waitUntilReady(running, () => answersHealthCheck(url), 80_000);

    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'owner@example.test', password: PASSWORD, name: 'Owner' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const submit = () =>
      fetch(`${url}/api/elevenlabs/tts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, cookie },
        body: JSON.stringify({
          text: 'Speak while the server stops.',
          voice_id: 'espeak-en-us-f2',
          model_id: 'espeak-ng',
        }),
      });
    const first = await submit();
    expect(first.status).toBe(200);
    const { task_id: taskId } = (await first.json()) as { task_id: string };

    // A mix of fast reads, database writes and slow ones (a sign-up hashes a password; a
    // submission holds credits in a transaction), all sent before the signal.
    const requests: (() => Promise<Response>)[] = [];
    for (let round = 0; round < 6; round += 1) {
      requests.push(
        () => fetch(`${url}/api/elevenlabs/task/${taskId}`, { headers: { cookie } }),
        () => fetch(`${url}/api/credit-packs`),
        () => fetch(`${url}/api/me`, { headers: { cookie } }),
        submit,
        () =>
          fetch(`${url}/api/auth/sign-up/email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: url },
            body: JSON.stringify({ email: `late${round}@example.test`, password: PASSWORD, name: 'Late' }),
          }),
      );
    }
    let answered = 0;
    const outcome = (response: Promise<Response>) =>
      response.then(
        async (answer): Promise<Outcome> => {
          answered += 1;
          return { status: answer.status, body: await answer.text() };
        },
        (error: unknown): Outcome => ({ error: `${String(error)} ${String((error as { cause?: unknown }).cause)}` }),
      );
    const received = () => running.logged('incoming request').length;
    const receivedBefore = received();
    const outcomes = requests.map((send) => outcome(send()));
    // In flight: every request has reached the server, and not all are answered.
    while (received() < receivedBefore + requests.length) await new Promise((resolve) => setTimeout(resolve, 2));
    const answeredAtSignal = answered;
    running.child.kill('SIGTERM');
    // Sent after the signal: refused (no connection, or a 503), never a 500.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const late = await Promise.all([outcome(fetch(`${url}/api/credit-packs`)), outcome(submit())]);
    const settled = await Promise.all(outcomes);
    const exit = await running.exited;

    expect(answeredAtSignal).toBeLessThan(requests.length);
    expect(late.filter((answer) => 'status' in answer && answer.status >= 500 && answer.status !== 503)).toEqual([]);
    const failed = settled.filter((outcome) => 'error' in outcome || outcome.status >= 500);
    expect(failed, tail(running, 60)).toEqual([]);
    expect(settled.every((answer) => 'status' in answer && answer.status === 200)).toBe(true);
    expect(exit, tail(running, 60)).toEqual({ code: 0, signal: null });
    const errors = running.lines.filter((line) => /"level":(50|60)/.test(line) || CLOSED_DATABASE.test(line));
    expect(errors).toEqual([]);
    expect(running.logged('shut down cleanly')).toHaveLength(1);
  }, 120_000);
});
