import { describe, expect, it, onTestFinished } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { encodeTake } from '../../src/audio/sentence-take.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { EngineError, type SynthesisResult } from '../../src/engines/speech-engine.js';
import { pooledEngine, pooledTakeEncoder } from '../../src/render-pool/pooled.js';
import type { WarmReport } from '../../src/render-pool/messages.js';
import { RenderPool } from '../../src/render-pool/render-pool.js';
import { RENDER_THREAD_NICE_STEPS } from '../../src/render-pool/thread-priority.js';
import { buildTestApp } from '../helpers/build-app.js';
import { procStatFields } from '../helpers/proc-stat.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

const VOICE = 'espeak-en-us-f2';
const REQUEST = { voiceId: VOICE, modelId: null, speed: 1, pitch: 0, volume: 1, language: null };

function startPool(size: number, idleMs?: { first: number; extra: number }): RenderPool {
  const pool = new RenderPool(size, undefined, idleMs);
  onTestFinished(() => pool.close());
  return pool;
}

/** A thread's nice value: field 19 of its stat file. */
const niceValue = (statFile: string) => Number(procStatFields(statFile)[19 - 3]);

function pcm(result: SynthesisResult | undefined): Int16Array {
  if (result?.audio.format !== 'pcm16') throw new Error('expected PCM audio');
  return result.audio.samples;
}

/** Pearson correlation of two signals over their common length (eSpeak varies a little between runs). */
function correlation(a: Int16Array, b: Int16Array): number {
  const n = Math.min(a.length, b.length);
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i += 1) {
    meanA += a[i] ?? 0;
    meanB += b[i] ?? 0;
  }
  meanA /= n;
  meanB /= n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i += 1) {
    const x = (a[i] ?? 0) - meanA;
    const y = (b[i] ?? 0) - meanB;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return ab / Math.sqrt(aa * bb);
}

describe('render pool', () => {
  it('speaks in its threads what eSpeak speaks on this one, sentence by sentence too', async () => {
    const pool = startPool(2);
    const here = createEspeakEngine();
    const pooled = pooledEngine(here, pool);
    const text = 'The render pool speaks this sentence in a worker thread.';

    const [inThread, onThisThread] = await Promise.all([
      pooled.synthesize({ ...REQUEST, text }),
      here.synthesize({ ...REQUEST, text }),
    ]);
    const a = pcm(inThread);
    const b = pcm(onThisThread);
    expect(Math.abs(a.length - b.length)).toBeLessThan(b.length * 0.02);
    expect(correlation(a, b)).toBeGreaterThan(0.95);

    const sentences = ['One sentence here.', 'Another one, a little longer than the first.', 'A third.'];
    const each = await pooled.synthesizeEach?.(sentences, REQUEST);
    expect(each).toHaveLength(3);
    const lengths = (each ?? []).map((result) => pcm(result).length);
    // The longest sentence is the longest audio: the cuts fell between the sentences, in order.
    expect(Math.max(...lengths)).toBe(lengths[1]);
  });

  it('encodes a take in a thread to the same MP3 as on this thread, and leaves the caller its samples', async () => {
    const pool = startPool(1);
    const samples = pcm(await createEspeakEngine().synthesize({ ...REQUEST, text: 'A take to encode.' }));
    const view = samples.subarray(100);
    const inThread = await pooledTakeEncoder(pool)(view, 22_050);
    expect(Buffer.isBuffer(inThread)).toBe(true);
    expect(inThread.equals(await encodeTake(view, 22_050))).toBe(true);
    // The samples were copied for the thread, not taken from the caller.
    expect(view.length).toBe(samples.length - 100);
    expect(samples.byteLength).toBeGreaterThan(0);
    const decoded = await decodeMp3(inThread);
    expect(decoded.samples.length).toBeGreaterThan(view.length);
  });

  it('fails a call with the engine’s own error, and keeps serving', async () => {
    const pool = startPool(1);
    const pooled = pooledEngine(createEspeakEngine(), pool);
    const failed = pooled.synthesize({ ...REQUEST, voiceId: 'no-such-voice', text: 'Hello.' });
    await expect(failed).rejects.toBeInstanceOf(EngineError);
    await expect(failed).rejects.toMatchObject({
      code: 'invalid_voice',
      message: 'The selected voice is not available. Please select a different voice.',
    });
    expect(pcm(await pooled.synthesize({ ...REQUEST, text: 'Still here.' })).length).toBeGreaterThan(1_000);
  });

  it.runIf(process.platform === 'linux')('runs its threads below the priority of the event loop', async () => {
    const pool = startPool(2);
    const reports = (await Promise.all([pool.run({ type: 'warm' }), pool.run({ type: 'warm' })])) as WarmReport[];
    const threadIds = reports.map((report) => report.threadId);
    expect(new Set(threadIds).size).toBe(2);
    // Threads start with the nice value of the thread that made them (the process's main thread).
    const startedWith = niceValue(`/proc/self/task/${process.pid}/stat`);
    for (const [index, threadId] of threadIds.entries()) {
      expect(reports[index]?.priorityLowered).toBe(true);
      expect(niceValue(`/proc/self/task/${threadId}/stat`)).toBe(Math.min(19, startedWith + RENDER_THREAD_NICE_STEPS));
    }
    expect(niceValue('/proc/thread-self/stat')).toBe(startedWith);
  });

  it('drops a call whose caller gave up while it waited, and refuses calls once closed', async () => {
    const pool = startPool(1);
    const pooled = pooledEngine(createEspeakEngine(), pool);
    const busy = pooled.synthesize({ ...REQUEST, text: 'This keeps the only thread busy for a moment.' });
    const controller = new AbortController();
    const waiting = pooled.synthesize({ ...REQUEST, text: 'Never spoken.', signal: controller.signal });
    controller.abort(new Error('the caller gave up'));
    await expect(waiting).rejects.toThrow('the caller gave up');
    await busy;
    await pool.close();
    await expect(pooled.synthesize({ ...REQUEST, text: 'Too late.' })).rejects.toThrow('the render pool is closed');
  });
});

describe('speech tasks on the render pool', () => {
  it('warms one thread, starts more when calls overlap, and ends the extra ones once idle', async () => {
    const pool = startPool(2, { first: 60_000, extra: 300 });
    const pooled = pooledEngine(createEspeakEngine(), pool);
    expect(pool.liveThreads).toBe(0);
    await pool.warm();
    // Warmed, the pool holds one thread, not one per core; warming again starts no other.
    expect(pool.liveThreads).toBe(1);
    await pool.warm();
    expect(pool.liveThreads).toBe(1);
    const speak = (text: string) => pooled.synthesize({ ...REQUEST, text });
    const both = await Promise.all([speak('The first of two.'), speak('The second of two.')]);
    expect(both.map((result) => pcm(result).length > 0)).toEqual([true, true]);
    expect(pool.liveThreads).toBe(2);
    await expect.poll(() => pool.liveThreads, { timeout: 10_000, interval: 50 }).toBe(1);
    // The pool still serves overlapping calls after the extra thread ended.
    const again = await Promise.all([speak('Back again.'), speak('And once more.')]);
    expect(again.map((result) => pcm(result).length > 0)).toEqual([true, true]);
  });

  it('ends the first thread too once it has been idle for its own, longer time', async () => {
    const pool = startPool(2, { first: 600, extra: 100 });
    const pooled = pooledEngine(createEspeakEngine(), pool);
    await pool.warm();
    await pooled.synthesize({ ...REQUEST, text: 'One task, then a pause.' });
    // Idle longer than an extra thread may be, the first is still there for the next task...
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pool.liveThreads).toBe(1);
    // ...and after its own idle time a pool at rest holds no thread at all.
    await expect.poll(() => pool.liveThreads, { timeout: 10_000, interval: 50 }).toBe(0);
    expect(pcm(await pooled.synthesize({ ...REQUEST, text: 'Back after the pause.' })).length).toBeGreaterThan(0);
    expect(pool.liveThreads).toBe(1);
  });

  it('starts no thread at boot, and its first when a studio asks for its voices', async () => {
    const app = await buildTestApp({ env: { RENDER_THREADS: '2' } });
    await app.ready();
    expect(app.renderPool?.liveThreads).toBe(0);
    const response = await app.inject({ method: 'GET', url: '/api/minimax/voices' });
    expect(response.statusCode).toBe(200);
    await expect.poll(() => app.renderPool?.liveThreads, { timeout: 10_000, interval: 50 }).toBe(1);
  });

  it('renders two tasks at once, one per thread, into complete MP3s', { timeout: 120_000 }, async () => {
    const app = await buildTestApp({ env: { RENDER_THREADS: '2' } });
    expect(app.renderPool?.size).toBe(2);
    const user = await signedInUser(app);
    const sentence = 'Two tasks are spoken at the same time, each in a thread of its own. ';
    const text = sentence.repeat(40).trim();
    const submit = async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/elevenlabs/tts',
        headers: { origin: ORIGIN, cookie: user.cookie },
        payload: { text, voice_id: VOICE, model_id: 'espeak-ng' },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { task_id: string }).task_id;
    };
    const ids = [await submit(), await submit()];
    const statuses = () =>
      Promise.all(
        ids.map(async (id) => {
          const response = await app.inject({
            method: 'GET',
            url: `/api/elevenlabs/task/${id}`,
            headers: { cookie: user.cookie },
          });
          return (response.json() as { status: string }).status;
        }),
      );
    // With one task at a time the second would wait, queued, until the first is done.
    await expect.poll(statuses, { timeout: 20_000, interval: 50 }).toEqual(['processing', 'processing']);

    for (const id of ids) {
      const task = await waitForTask(app, id, user.cookie);
      expect(task.status).toBe('done');
      const url = new URL(task.audio_url ?? '');
      const audio = await app.inject({ method: 'GET', url: url.pathname + url.search });
      const decoded = await decodeMp3(audio.rawPayload);
      // About 40 sentences of speech: well over a minute.
      expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(60);
    }
  });
});
