import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, SpeechSettingsJson } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { claimTask, completeTask, failTask, reportProgress, staleTasks } from './tasks.js';

export const SPEECH_QUEUE = 'speech';

export interface RenderRequest {
  provider: 'A' | 'B';
  voiceId: string;
  modelId: string | null;
  text: string;
  settings: SpeechSettingsJson;
}

export interface RenderedSpeech {
  mp3: Buffer;
  srt: string;
  durationMs: number;
}

/** Turns a task into finished files; the engine registry provides it. Progress is 0..1. */
export type SpeechRenderer = (
  request: RenderRequest,
  onProgress: (fraction: number) => void,
) => Promise<RenderedSpeech>;

export interface SpeechJobDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  render: SpeechRenderer;
  logger: FastifyBaseLogger;
}

const PROGRESS_WRITE_MS = 500;

/**
 * Runs one speech task: claim it, render, store audio and transcript, then capture the held
 * credits; on any failure record the error and release them. Safe to run twice for one task (a
 * retry after a crash): a finished task is left alone, and files are written before the task is
 * marked done, so a done task always has its files.
 */
export async function runSpeechTask(deps: SpeechJobDeps, taskId: string): Promise<void> {
  const task = await claimTask(deps.db, taskId);
  if (!task) return;
  let lastWrite = 0;
  try {
    const rendered = await deps.render(
      {
        provider: task.provider,
        voiceId: task.voice_id,
        modelId: task.model_id,
        text: task.text,
        settings: task.settings,
      },
      (fraction) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        void reportProgress(deps.db, taskId, fraction * 100).catch(() => {});
      },
    );
    const audioKey = `tasks/${taskId}/audio.mp3`;
    const transcriptKey = `tasks/${taskId}/transcript.srt`;
    await deps.storage.put(audioKey, rendered.mp3);
    await deps.storage.put(transcriptKey, Buffer.from(rendered.srt, 'utf8'));
    await completeTask(deps.db, taskId, { audioKey, transcriptKey, durationMs: rendered.durationMs });
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : 'Unknown error occurred';
    deps.logger.warn({ taskId, err: error }, 'speech task failed');
    await failTask(deps.db, taskId, message);
  }
}

/** Seconds after which an unfinished task with no progress is taken to have lost its worker. */
export const STALE_TASK_SECONDS = 120;

/**
 * Repairs what a crash left behind: a task whose worker died (no progress for STALE_TASK_SECONDS)
 * is queued again once; if it stalls again it fails and its credits are released. Runs at start
 * and then every minute, in every process; the conditional updates make concurrent runs harmless.
 */
export async function sweepStaleTasks(deps: SpeechJobDeps, jobs: JobQueue): Promise<void> {
  for (const task of await staleTasks(deps.db, STALE_TASK_SECONDS)) {
    const requeued = await deps.db
      .updateTable('speech_tasks')
      .set({ status: 'queued', updated_at: new Date(), error: 'requeued after a stalled worker' })
      .where('id', '=', task.id)
      .where('status', 'in', ['queued', 'processing'])
      .where('error', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (requeued) {
      await jobs.send(SPEECH_QUEUE, { taskId: task.id });
      deps.logger.warn({ taskId: task.id }, 'requeued a stalled speech task');
    } else {
      await failTask(deps.db, task.id, 'Request timed out. Please try again.');
      deps.logger.warn({ taskId: task.id }, 'failed a speech task that stalled twice');
    }
  }
}
