import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { fromPortableError, type RenderCall, type RenderReply, type RenderTask, type WarmReport } from './messages.js';

/**
 * The render pool: a fixed number of long-lived worker threads that do the CPU work of rendering
 * (eSpeak synthesis, MP3 encoding of sentence takes), so the API's event loop only moves bytes and
 * answers requests. Calls wait in one queue and each idle thread takes the next, one call at a
 * time. Threads start on first use and are replaced when one dies (its call fails, the rest go on).
 */

interface QueuedCall {
  task: RenderTask;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  signal: AbortSignal | undefined;
}

interface RenderThread {
  worker: Worker;
  current: (QueuedCall & { id: number }) | null;
  /** Ends a thread that has had nothing to do for a while. */
  idleTimer?: NodeJS.Timeout;
}

/**
 * How long threads may sit idle before they end. Each holds its own engines and encoders (about
 * 60 MiB), so a server at rest keeps none: the first lives on through pauses between one person's
 * tasks, the others only while tasks overlap; either comes back in about half a second
 * (docs/decisions/0048-memory-at-rest.md).
 */
export const THREAD_IDLE_MS = { first: 5 * 60_000, extra: 60_000 };

/**
 * Run from TypeScript source (tests, the bench, `tsx`), a thread must register tsx's loader before
 * it can load its TypeScript entry; Node does not carry the parent's `--import` hooks into it.
 */
const SOURCE_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.loader)
  .then((tsx) => { tsx.register(); return import(workerData.entry); })
  .catch((error) => { setImmediate(() => { throw error; }); });
`;

function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./render-thread.js', here));
  const tsxFolder = pathToFileURL(createRequire(here).resolve('tsx/package.json'));
  return new Worker(SOURCE_BOOTSTRAP, {
    eval: true,
    workerData: {
      loader: new URL('dist/esm/api/index.mjs', tsxFolder).href,
      entry: new URL('./render-thread.ts', here).href,
    },
  });
}

export class RenderPool {
  private readonly threads: (RenderThread | null)[];
  private readonly queue: QueuedCall[] = [];
  private nextId = 1;
  private closed = false;
  private slowPriorityReported = false;

  constructor(
    readonly size: number,
    private readonly logger?: FastifyBaseLogger,
    private readonly idleMs = THREAD_IDLE_MS,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`a render pool needs at least one thread, not ${size}`);
    this.threads = Array.from({ length: size }, () => null);
  }

  /** Runs a task on the next free thread. `transfer` lists buffers moved to the thread (they are unusable here after). */
  run(task: RenderTask, { transfer = [], signal }: { transfer?: ArrayBuffer[]; signal?: AbortSignal } = {}) {
    return new Promise<unknown>((resolve, reject) => {
      if (this.closed) {
        reject(new Error('the render pool is closed'));
        return;
      }
      if (signal?.aborted) {
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        return;
      }
      this.queue.push({ task, transfer, resolve, reject, signal });
      this.dispatch();
    });
  }

  /**
   * Starts the first thread, unless it runs already, and has it load its engines and speak a word,
   * so the task that follows is as quick as any other; the rest start when tasks overlap. Answers
   * when it is ready, and warns (once) when the thread could not be put below the event loop's
   * priority (thread-priority.ts).
   */
  async warm(): Promise<void> {
    if (this.threads[0]) return;
    const report = (await this.run({ type: 'warm' })) as WarmReport;
    if (!report.priorityLowered && !this.slowPriorityReported) {
      this.slowPriorityReported = true;
      this.logger?.warn('render threads run at the same priority as requests here, so renders may slow answers');
    }
  }

  /** Threads running now (started and not yet ended). */
  get liveThreads(): number {
    return this.threads.filter((thread) => thread !== null).length;
  }

  /** Stops every thread; calls still waiting or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const call of this.queue.splice(0)) call.reject(new Error('the render pool is closed'));
    await Promise.all(
      this.threads.map(async (thread, index) => {
        if (!thread) return;
        this.threads[index] = null;
        clearTimeout(thread.idleTimer);
        thread.current?.reject(new Error('the render pool is closed'));
        await thread.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    for (let index = 0; index < this.threads.length && this.queue.length > 0; index += 1) {
      const thread = this.threads[index] ?? this.spawn(index);
      if (thread.current) continue;
      const call = this.nextCall();
      if (!call) return;
      clearTimeout(thread.idleTimer);
      const id = this.nextId++;
      thread.current = { ...call, id };
      thread.worker.postMessage({ id, task: call.task } satisfies RenderCall, call.transfer);
    }
  }

  /** The oldest call whose caller still wants it (one aborted while it waited is dropped). */
  private nextCall(): QueuedCall | undefined {
    for (let call = this.queue.shift(); call; call = this.queue.shift()) {
      if (!call.signal?.aborted) return call;
      call.reject(call.signal.reason instanceof Error ? call.signal.reason : new Error('aborted'));
    }
    return undefined;
  }

  private spawn(index: number): RenderThread {
    const worker = startWorker();
    // Idle threads must not keep a finished process alive.
    worker.unref();
    const thread: RenderThread = { worker, current: null };
    this.threads[index] = thread;
    worker.on('message', (reply: RenderReply) => {
      const call = thread.current;
      if (!call || call.id !== reply.id) return;
      thread.current = null;
      if (reply.ok) call.resolve(reply.value);
      else call.reject(fromPortableError(reply.error));
      this.dispatch();
      if (!thread.current) this.retireWhenIdle(index, thread);
    });
    worker.on('error', (error) => this.logger?.error({ err: error }, 'a render thread failed'));
    worker.on('exit', (code) => {
      if (this.threads[index] !== thread) return;
      this.threads[index] = null;
      thread.current?.reject(new Error(`the render thread stopped (exit code ${code})`));
      if (!this.closed) this.dispatch();
    });
    return thread;
  }

  /** Ends a thread once it has waited its idle time (`idleMs`) with nothing to do. */
  private retireWhenIdle(index: number, thread: RenderThread): void {
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(
      () => {
        if (thread.current || this.threads[index] !== thread) return;
        this.threads[index] = null;
        void thread.worker.terminate();
      },
      index === 0 ? this.idleMs.first : this.idleMs.extra,
    );
    thread.idleTimer.unref();
  }
}
