import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EngineRegistry } from '../../engines/registry.js';
import { EngineError } from '../../engines/speech-engine.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { taskFileKey } from '../../storage/keys.js';
import { renderSpeech } from './render.js';
import { claimTask, completeTask, failTask, reportProgress, saveProviderRef, touchTask } from './repository.js';
import { taskFailureMessage } from './task-failure.js';

export interface SpeechJobDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  engines: EngineRegistry;
  logger: FastifyBaseLogger;
  /** A processing task whose heartbeat is older than this is taken to have lost its worker. */
  staleTaskSeconds: number;
  /** Queues the signed callback of a finished task that has a receive_url. */
  notifyCompletion: (taskId: string) => Promise<void>;
}

const PROGRESS_WRITE_MS = 500;
/** The longest a task may render: 50,000 characters on the slowest local engine fit well inside. */
const TASK_DEADLINE_MS = 30 * 60_000;

/**
 * Runs one speech task: claim it, render, store audio and transcript, then capture the held
 * credits; on any failure record the error and release them. Safe to run twice for one task (a
 * retry after a crash): a finished task is left alone, and files are written before the task is
 * marked done, so a done task always has its files.
 */
export async function runSpeechTask(deps: SpeechJobDeps, taskId: string): Promise<void> {
  const task = await claimTask(deps.db, taskId, deps.staleTaskSeconds);
  if (!task) return;
  let lastWrite = 0;
  // Beating three times per stale period keeps a live task from ever looking dead.
  const heartbeatMs = (deps.staleTaskSeconds * 1000) / 3;
  const heartbeat = setInterval(() => void touchTask(deps.db, taskId).catch(() => {}), heartbeatMs);
  const audioKey = taskFileKey(taskId, 'audio');
  const transcriptKey = taskFileKey(taskId, 'transcript');
  try {
    const engine = deps.engines.byId(task.engine);
    if (!engine) throw new EngineError(`The speech engine ${task.engine} is not available.`, 'unavailable');
    const rendered = await renderSpeech(
      engine,
      {
        text: task.text,
        voiceId: task.voice_id,
        modelId: task.model_id,
        speed: task.settings.speed,
        pitch: task.settings.pitch,
        volume: task.settings.volume,
        language: task.settings.language && task.settings.language !== 'Auto' ? task.settings.language : null,
        signal: AbortSignal.timeout(TASK_DEADLINE_MS),
        checkpoint: {
          saved: task.provider_ref,
          save: (providerRef) => saveProviderRef(deps.db, taskId, providerRef),
        },
      },
      (fraction) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        void reportProgress(deps.db, taskId, fraction * 100).catch(() => {});
      },
    );
    if (rendered.warnings.length > 0) deps.logger.info({ taskId, warnings: rendered.warnings }, 'engine warnings');
    await deps.storage.put(audioKey, rendered.mp3);
    await deps.storage.put(transcriptKey, Buffer.from(rendered.srt, 'utf8'));
    const completed = await completeTask(deps.db, taskId, { audioKey, transcriptKey, durationMs: rendered.durationMs });
    // The sweeper may have failed the task meanwhile (it looked dead); its files must not outlive it.
    if (!completed) await removeFiles(deps.storage, [audioKey, transcriptKey]);
  } catch (error) {
    deps.logger.warn({ taskId, err: error }, 'speech task failed');
    await failTask(deps.db, taskId, taskFailureMessage(error));
    await removeFiles(deps.storage, [audioKey, transcriptKey]);
  } finally {
    clearInterval(heartbeat);
  }
  if (task.settings.receiveUrl) {
    await deps.notifyCompletion(taskId).catch((error: unknown) => {
      deps.logger.warn({ taskId, err: error }, 'completion callback could not be queued');
    });
  }
}

async function removeFiles(storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}
