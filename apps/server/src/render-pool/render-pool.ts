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
}

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

  constructor(
    readonly size: number,
    private readonly logger?: FastifyBaseLogger,
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
   * Starts every thread and has each load its engines and speak a word, so the first task after a
   * start is as quick as any other. Answers when all are ready, and warns when the threads could
   * not be put below the event loop's priority (thread-priority.ts).
   */
  async warm(): Promise<void> {
    const reports = (await Promise.all(this.threads.map(() => this.run({ type: 'warm' })))) as WarmReport[];
    if (reports.some((report) => !report.priorityLowered)) {
      this.logger?.warn('render threads run at the same priority as requests here, so renders may slow answers');
    }
  }

  /** Stops every thread; calls still waiting or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const call of this.queue.splice(0)) call.reject(new Error('the render pool is closed'));
    await Promise.all(
      this.threads.map(async (thread, index) => {
        if (!thread) return;
        this.threads[index] = null;
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
}
