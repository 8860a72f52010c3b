import { type InstallJob, isActiveInstall } from '@sayso/contract/models';
import type { InstallProgress, InstallStage } from '../../models/installer.js';

/** What a job needs from the installer: one install by name that honours the signal and reports as it goes. */
export type InstallByName = (
  name: string,
  control: {
    signal: AbortSignal;
    onProgress: (progress: InstallProgress) => void;
    onStage: (stage: InstallStage) => void;
  },
) => Promise<unknown>;

/** The part of pino the registry logs with. */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

interface Running {
  job: InstallJob;
  controller: AbortController;
  /** Settles when the job has reached a final state and its staging files are gone. */
  settled: Promise<void>;
  settle: () => void;
}

/** Logged at each tenth of a download, so a preload's progress shows in the log without flooding it. */
const LOG_STEP_PERCENT = 10;

/**
 * This server's installs by name, one at a time (unpacking is CPU work, and two downloads would only
 * share the line), in the order they were asked for. The state lives here, not in a page, so every
 * open staff page and a page reload see the same jobs. The last job of each model is kept until a
 * new one replaces it or staff dismiss it, so a failure stays on screen with its reason.
 */
export class InstallJobs {
  private readonly jobs = new Map<string, Running>();
  private readonly queue: string[] = [];
  private pumping = false;
  private stopped = false;

  constructor(
    private readonly install: InstallByName,
    private readonly log: JobLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(): InstallJob[] {
    return [...this.jobs.values()].map((running) => ({ ...running.job }));
  }

  get(name: string): InstallJob | undefined {
    const running = this.jobs.get(name);
    return running ? { ...running.job } : undefined;
  }

  isActive(name: string): boolean {
    const running = this.jobs.get(name);
    return running !== undefined && isActiveInstall(running.job);
  }

  /** Queues an install; the caller has checked that the model is in the catalogue and not installed. */
  start(name: string, requestedBy: string): InstallJob {
    const existing = this.jobs.get(name);
    if (existing && isActiveInstall(existing.job)) return { ...existing.job };
    let settle = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const job: InstallJob = {
      name,
      state: 'queued',
      progress: null,
      error: null,
      requestedBy,
      startedAt: this.now().toISOString(),
      finishedAt: null,
    };
    // Deleted first, so the map's order is the order of asking.
    this.jobs.delete(name);
    this.jobs.set(name, { job, controller: new AbortController(), settled, settle });
    this.queue.push(name);
    this.log.info({ model: name, requestedBy }, 'model install queued');
    void this.pump();
    return { ...job };
  }

  /** Cancels an active job and answers once its files are gone; undefined when there is no such job. */
  async cancel(name: string): Promise<InstallJob | undefined> {
    const running = this.jobs.get(name);
    if (!running) return undefined;
    if (!isActiveInstall(running.job)) return { ...running.job };
    running.controller.abort();
    const queued = this.queue.indexOf(name);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
      this.finish(running, 'cancelled', null);
    }
    await running.settled;
    return { ...running.job };
  }

  /** Forgets a finished job (a failure staff have read); an active one is left alone. */
  dismiss(name: string): boolean {
    const running = this.jobs.get(name);
    if (!running || isActiveInstall(running.job)) return false;
    return this.jobs.delete(name);
  }

  /** Resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    for (const running of [...this.jobs.values()]) await running.settled;
    if ([...this.jobs.values()].some((running) => isActiveInstall(running.job))) await this.idle();
  }

  /** At shutdown: cancels everything and waits for the staging files to go. */
  async stop(): Promise<void> {
    this.stopped = true;
    const active = [...this.jobs.keys()].filter((name) => this.isActive(name));
    await Promise.all(active.map((name) => this.cancel(name)));
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (let name = this.queue.shift(); name !== undefined; name = this.queue.shift()) {
        const running = this.jobs.get(name);
        if (running && running.job.state === 'queued') await this.run(running);
      }
    } finally {
      this.pumping = false;
    }
  }

  private async run(running: Running): Promise<void> {
    const { job, controller } = running;
    let loggedStep = -1;
    try {
      if (this.stopped) controller.abort();
      controller.signal.throwIfAborted();
      await this.install(job.name, {
        signal: controller.signal,
        onStage: (stage) => {
          job.state = stage;
          this.log.info({ model: job.name, stage }, `model install: ${stage}`);
        },
        onProgress: (progress) => {
          job.progress = { ...progress };
          const step = progress.percent === null ? -1 : Math.floor(progress.percent / LOG_STEP_PERCENT);
          if (step > loggedStep) {
            loggedStep = step;
            this.log.info({ model: job.name, ...progress }, 'model download progress');
          }
        },
      });
      this.finish(running, 'installed', null);
      this.log.info({ model: job.name }, 'model installed');
    } catch (error) {
      if (controller.signal.aborted) {
        this.finish(running, 'cancelled', null);
        this.log.info({ model: job.name }, 'model install cancelled');
      } else {
        const message = error instanceof Error ? error.message : String(error);
        this.finish(running, 'failed', message);
        this.log.warn({ model: job.name, error: message }, 'model install failed');
      }
    }
  }

  private finish(running: Running, state: 'installed' | 'failed' | 'cancelled', error: string | null): void {
    running.job.state = state;
    running.job.error = error;
    running.job.finishedAt = this.now().toISOString();
    running.settle();
  }
}
