import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EngineRegistry } from '../../engines/registry.js';
import { AppError } from '../../http/errors.js';
import { type FileStorage, MissingFileError } from '../../storage/file-storage.js';
import { fileKindFromName, signedFileUrl, verifyFileSignature } from './file-urls.js';
import { findTask, type SpeechTask } from './repository.js';
import { findSentenceAudio } from './sentence-repository.js';
import { type SentencePlan, taskSentencePlan } from './task-sentence-plan.js';

export interface TaskAudioStreamDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  engines: EngineRegistry;
  logger: FastifyBaseLogger;
  fileSecret: string;
  publicUrl: string;
  /** How often a follower looks for the next sentence and the task's status. */
  pollMs?: number;
  /** The longest a follower stays open: the render's own deadline plus room for a queue wait. */
  deadlineMs?: number;
}

const POLL_MS = 100;
const DEADLINE_MS = 40 * 60_000;
/** Sentences looked up per poll: a render stores them a batch at a time, never hundreds at once. */
const KEYS_PER_POLL = 64;

/** Why a follow stream ended without the whole audio: the client sees a broken download. */
export class AudioStreamBroken extends Error {}

const rendering = (task: SpeechTask | undefined): task is SpeechTask =>
  task?.status === 'queued' || task?.status === 'processing';

/**
 * A task's audio while it renders (decision 0025). The render stores each sentence's take and its
 * `sentence_audio` row as soon as the sentence is spoken, and the finished audio is those takes
 * end to end; so a follower sends the takes in plan order as they appear, and once the task is
 * done, the rest of the finished file from where it got to. The bytes sent are then the finished
 * file's bytes. Rows are polled (every worker process writes them to the one database), which
 * also covers renders in other processes.
 */
export class TaskAudioStreams {
  constructor(private readonly deps: TaskAudioStreamDeps) {}

  /** A submission's answer with the link its audio streams from, so a player need not wait for a poll. */
  withStreamUrl<Submitted extends { task_id: string }>(submitted: Submitted): Submitted & { stream_url: string } {
    const link = signedFileUrl(this.deps.fileSecret, submitted.task_id, 'audio');
    return { ...submitted, stream_url: this.deps.publicUrl + link.path };
  }

  /**
   * The follow stream of a signed audio link whose task is still queued or processing; null when
   * the link is for a transcript or a task that is not rendering (the file route answers then).
   * A bad or expired link is refused here as it is there.
   */
  async open(
    taskId: string,
    name: string,
    link: { expires: number; sig: string },
    signal: AbortSignal,
  ): Promise<AsyncGenerator<Buffer> | null> {
    const kind = fileKindFromName(name);
    if (!kind || !verifyFileSignature(this.deps.fileSecret, taskId, kind, link.expires, link.sig)) {
      throw new AppError('BAD_FILE_LINK');
    }
    if (kind !== 'audio') return null;
    const task = await findTask(this.deps.db, taskId);
    if (!rendering(task)) return null;
    return this.follow(task, signal);
  }

  private async *follow(first: SpeechTask, signal: AbortSignal): AsyncGenerator<Buffer> {
    const { db, storage, engines, logger } = this.deps;
    const deadline = Date.now() + (this.deps.deadlineMs ?? DEADLINE_MS);
    let task: SpeechTask | undefined = first;
    let plan: SentencePlan | null = null;
    let next = 0;
    let sent = 0;
    const stopped = (reason: string) => logger.info({ taskId: first.id, reason, sent }, 'task audio stream stopped');
    try {
      for (;;) {
        if (signal.aborted) return stopped('client gone');
        if (Date.now() > deadline) throw new AudioStreamBroken('the render outlived the stream’s deadline');
        if (task?.status === 'done') {
          yield* this.rest(task, sent);
          return;
        }
        if (!rendering(task)) throw new AudioStreamBroken(`the task ${task ? 'failed' : 'is gone'}`);
        // Without its engine the plan is unknown; the render fails such a task and the stream with it.
        const engine = engines.byId(task.engine);
        if (engine && !plan) plan = taskSentencePlan(task, engine);
        const before = next;
        if (plan) {
          const keys = plan.cacheKeys.slice(next, next + KEYS_PER_POLL);
          const rows = await findSentenceAudio(db, keys);
          for (const key of keys) {
            const row = rows.get(key);
            // The row is written after its file; a cached row whose file storage lost is spoken again.
            const take = row ? await readIfPresent(storage, row.file_key) : null;
            if (!take || signal.aborted) break;
            yield take;
            sent += take.length;
            next += 1;
          }
        }
        await sleep(this.deps.pollMs ?? POLL_MS, undefined, { signal }).catch(() => {});
        // While sentences keep coming the task is rendering: its row is read again only once they
        // stop (the render runs on this thread too, so every query waits for a turn).
        if (next === before || next === plan?.cacheKeys.length) task = await findTask(db, first.id);
      }
    } catch (error) {
      stopped(error instanceof Error ? error.message : 'error');
      throw error;
    }
  }

  /** The finished file from `offset` on: what the takes already sent did not cover. */
  private async *rest(task: SpeechTask, offset: number): AsyncGenerator<Buffer> {
    const stat = task.audio_key ? await this.deps.storage.stat(task.audio_key) : null;
    if (!stat) throw new AudioStreamBroken('the finished audio is missing');
    if (offset >= stat.size) return;
    yield await buffer(await this.deps.storage.read(stat.key, { start: offset, end: stat.size - 1 }));
  }
}

async function readIfPresent(storage: FileStorage, key: string): Promise<Buffer | null> {
  try {
    return await buffer(await storage.read(key));
  } catch (error) {
    if (error instanceof MissingFileError) return null;
    throw error;
  }
}
