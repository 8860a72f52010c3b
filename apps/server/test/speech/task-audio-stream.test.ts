import { get, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../src/engines/speech-engine.js';
import { listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { scriptedEngine, waitForTask } from '../helpers/speech.js';

const VOICE = 'espeak-en-us-f2';
/** Four sentences: without eSpeak's batch path each is its own engine call, so each can be held back. */
const TEXT =
  'The first sentence is ready almost at once. The second one waits for the test. ' +
  'The third one follows it. And the fourth one closes the text.';

interface TaskView {
  status: string;
  audio_url: string | null;
  stream_url: string | null;
}

/** A gate the engine waits on before speaking sentence `index` and later ones. */
function heldBack(fromIndex: number) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const scripted = scriptedEngine((index) => (index >= fromIndex ? gate : undefined));
  return { ...scripted, open };
}

async function submit(app: FastifyInstance, cookie: string, text = TEXT): Promise<string> {
  return (await submitted(app, cookie, text)).task_id;
}

async function submitted(app: FastifyInstance, cookie: string, text = TEXT) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/elevenlabs/tts',
    headers: { origin: ORIGIN, cookie },
    payload: { text, voice_id: VOICE, model_id: 'espeak-ng' },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { task_id: string; stream_url?: string };
}

async function readTask(app: FastifyInstance, id: string, cookie: string): Promise<TaskView> {
  return (await app.inject({ method: 'GET', url: `/api/elevenlabs/task/${id}`, headers: { cookie } })).json();
}

/** A signed link as the task view gives it, pointed at the listening app instead of PUBLIC_URL. */
const onLoopback = (base: string, link: string) => base + new URL(link).pathname + new URL(link).search;

async function waitFor<T>(probe: () => Promise<T | null | undefined> | T | null | undefined): Promise<T> {
  for (let i = 0; i < 300; i += 1) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('gave up waiting');
}

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, parts: Uint8Array[]): Promise<Buffer> {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(parts);
    parts.push(value);
  }
}

describe('the audio of a task that is still rendering', () => {
  it('streams the first sentence before the task is done, and in the end exactly the finished file', async () => {
    const held = heldBack(1);
    const app = await buildTestApp({ engines: [held.engine] });
    const base = await listening(app);
    const user = await signedInUser(app);
    const answer = await submitted(app, user.cookie);
    const taskId = answer.task_id;
    // The submission's answer carries the link, so a player need not wait for a poll; polls give it too.
    expect(answer.stream_url).toMatch(/\/api\/files\/tasks\/.+\/audio\.mp3\?expires=\d+&sig=/);
    const view = await readTask(app, taskId, user.cookie);
    expect(view.audio_url).toBeNull();
    expect(new URL(view.stream_url ?? '').pathname).toBe(new URL(answer.stream_url ?? '').pathname);
    const response = await fetch(onLoopback(base, answer.stream_url ?? ''), { headers: { range: 'bytes=0-' } });
    // A Range header is no use before the length is known: the stream starts at byte 0.
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('accept-ranges')).toBe('none');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();

    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(first.value?.length).toBeGreaterThan(0);
    // The engine is still held at the second sentence: this audio came before the render ended.
    expect(held.calls()).toBe(2);
    expect((await readTask(app, taskId, user.cookie)).status).toBe('processing');

    held.open();
    const streamed = await readAll(reader, [first.value as Uint8Array]);
    const finished = await waitForTask(app, taskId, user.cookie);
    expect(finished.status).toBe('done');
    const after = await readTask(app, taskId, user.cookie);
    expect(after.stream_url).toBeNull();
    const fileUrl = new URL(finished.audio_url ?? '');
    const file = (await app.inject({ method: 'GET', url: fileUrl.pathname + fileUrl.search })).rawPayload;
    expect(file.length).toBeGreaterThan(first.value?.length ?? 0);
    expect(streamed.equals(file)).toBe(true);
  });

  it('serves the finished file with ranges once the task is done, on the same link', async () => {
    const app = await buildTestApp({ engines: [scriptedEngine(() => {}).engine] });
    const base = await listening(app);
    const user = await signedInUser(app);
    const taskId = await submit(app, user.cookie);
    const link = (await readTask(app, taskId, user.cookie)).stream_url ?? '';
    const finished = await waitForTask(app, taskId, user.cookie);
    const ranged = await fetch(onLoopback(base, link), { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(10);
    expect(new URL(link).pathname).toBe(new URL(finished.audio_url ?? '').pathname);
  });

  it('breaks the stream off when the task fails', async () => {
    let fail: () => void = () => {};
    const failing = new Promise<void>((_, reject) => {
      fail = () => reject(new EngineError('The engine gave up.', 'failed'));
    });
    failing.catch(() => {});
    const { engine } = scriptedEngine((index) => (index === 2 ? failing : undefined));
    const app = await buildTestApp({ engines: [engine] });
    const base = await listening(app);
    const user = await signedInUser(app);
    const taskId = await submit(app, user.cookie);
    const link = (await readTask(app, taskId, user.cookie)).stream_url ?? '';
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get(onLoopback(base, link), resolve).on('error', reject),
    );
    expect(response.statusCode).toBe(200);
    const firstChunk = new Promise((resolve) => response.once('data', resolve));
    const closed = new Promise((resolve) => response.on('close', resolve));
    response.on('error', () => {});
    await firstChunk;

    fail();
    await closed;
    // The player sees a broken download (no closing chunk), not a clean end passing for the whole speech.
    expect(response.complete).toBe(false);
    expect((await waitForTask(app, taskId, user.cookie)).status).toBe('failed');
  });

  it('stops following when the player hangs up', async () => {
    const lines: string[] = [];
    const held = heldBack(1);
    const app = await buildTestApp({
      engines: [held.engine],
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    const base = await listening(app);
    const user = await signedInUser(app);
    const taskId = await submit(app, user.cookie);
    const link = (await readTask(app, taskId, user.cookie)).stream_url ?? '';
    const hangUp = new AbortController();
    const response = await fetch(onLoopback(base, link), { signal: hangUp.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);
    hangUp.abort();

    const stopped = await waitFor(() =>
      lines
        .map((line) => JSON.parse(line) as { msg: string; reason?: string; taskId?: string })
        .find((entry) => entry.msg === 'task audio stream stopped'),
    );
    expect(stopped).toMatchObject({ taskId, reason: 'client gone' });
    expect((await readTask(app, taskId, user.cookie)).status).toBe('processing');
    held.open();
    expect((await waitForTask(app, taskId, user.cookie)).status).toBe('done');
  });

  it('refuses a link with a bad signature, and has no transcript until the task is done', async () => {
    const held = heldBack(1);
    const app = await buildTestApp({ engines: [held.engine] });
    const base = await listening(app);
    const user = await signedInUser(app);
    const taskId = await submit(app, user.cookie);
    const link = new URL((await readTask(app, taskId, user.cookie)).stream_url ?? '');

    const forged = new URL(link);
    forged.searchParams.set('sig', `${link.searchParams.get('sig')?.slice(0, -2)}AA`);
    expect((await fetch(onLoopback(base, forged.href))).status).toBe(403);
    const longer = new URL(link);
    longer.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 60));
    expect((await fetch(onLoopback(base, longer.href))).status).toBe(403);
    // The audio link's signature does not open the transcript, and a rendering task has none anyway.
    const transcript = new URL(link.href.replace('audio.mp3', 'transcript.srt'));
    expect((await fetch(onLoopback(base, transcript.href))).status).toBe(403);
    held.open();
    expect((await waitForTask(app, taskId, user.cookie)).status).toBe('done');
  });
});
