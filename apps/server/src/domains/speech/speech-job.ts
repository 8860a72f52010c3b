import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TakeEncoder } from '../../audio/sentence-take.js';
import type { Database } from '../../db/schema.js';
import type { EngineRegistry } from '../../engines/registry.js';
import { EngineError } from '../../engines/speech-engine.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { taskFileKey } from '../../storage/keys.js';
import { removeStoredFiles } from '../../storage/remove-files.js';
import { type SpeechTask, saveProviderRef } from './repository.js';
import { newTakeId, renderSentences } from './sentence-render.js';
import type { SentenceVoice } from './sentences.js';
import { joinSentences } from './sentences.js';
import { taskFailure } from './task-failure.js';
import { completeTask, failTask, keepTaskAlive, reportTaskProgress, startTask } from './task-lifecycle.js';
import { TaskMeter } from './task-metrics.js';
import { taskSentencePlan } from './task-sentence-plan.js';

export interface SpeechJobDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  engines: EngineRegistry;
  /** Makes PCM sentences MP3 takes (the render pool's encoder when there is one). */
  encodeTake?: TakeEncoder;
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
  const task = await startTask(deps.db, taskId, deps.staleTaskSeconds);
  if (!task) return;
  const meter = TaskMeter.forQueuedTask(task);
  let lastWrite = 0;
  const stopHeartbeat = keepTaskAlive(deps.db, taskId, deps.staleTaskSeconds, deps.logger);
  const audioKey = taskFileKey(taskId, 'audio');
  const transcriptKey = taskFileKey(taskId, 'transcript');
  try {
    const engine = deps.engines.byId(task.engine);
    if (!engine) throw new EngineError(`The speech engine ${task.engine} is not available.`, 'unavailable');
    const sentences = taskSentencePlan(task, engine).texts;
    const warnings = new Set<string>();
    const spoken = await renderSentences(
      deps,
      {
        engine,
        voice: taskVoice(task),
        userId: task.user_id,
        taskId,
        signal: AbortSignal.timeout(TASK_DEADLINE_MS),
        ...(deps.encodeTake ? { encodeTake: deps.encodeTake } : {}),
        checkpoint: {
          saved: task.provider_ref,
          save: (providerRef) => saveProviderRef(deps.db, taskId, providerRef),
        },
      },
      sentences.map((text) => ({ text, seed: null })),
      (done, total, engineWarnings) => {
        for (const warning of engineWarnings) warnings.add(warning);
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        reportTaskProgress(deps.db, taskId, (done / total) * 100, deps.logger);
      },
    );
    if (warnings.size > 0) deps.logger.info({ taskId, warnings: [...warnings] }, 'engine warnings');
    const joined = joinSentences(spoken);
    const srt = Buffer.from(joined.srt, 'utf8');
    await deps.storage.put(audioKey, joined.mp3);
    await deps.storage.put(transcriptKey, srt);
    const completed = await completeTask(
      deps.db,
      taskId,
      { audioKey, transcriptKey, durationMs: joined.durationMs, storedBytes: joined.mp3.length + srt.length },
      spoken.map((sentence, position) => ({ id: newTakeId(), position, ...sentence })),
    );
    if (completed) meter.completed(joined.durationMs);
    // The sweeper may have failed the task meanwhile (it looked dead); its files must not outlive it.
    else await removeStoredFiles(deps.storage, [audioKey, transcriptKey], deps.logger);
  } catch (error) {
    deps.logger.warn({ taskId, err: error }, 'speech task failed');
    const failure = taskFailure(error);
    meter.failed(failure);
    await failTask(deps.db, taskId, failure);
    await removeStoredFiles(deps.storage, [audioKey, transcriptKey], deps.logger);
  } finally {
    stopHeartbeat();
  }
  if (task.settings.receiveUrl) {
    await deps.notifyCompletion(taskId).catch((error: unknown) => {
      deps.logger.warn({ taskId, err: error }, 'completion callback could not be queued');
    });
  }
}

/** The voice and settings a task's sentences are spoken with (and cached under). */
export function taskVoice(task: Pick<SpeechTask, 'engine' | 'model_id' | 'voice_id' | 'settings'>): SentenceVoice {
  const { language } = task.settings;
  return {
    engine: task.engine,
    modelId: task.model_id,
    voiceId: task.voice_id,
    speed: task.settings.speed,
    pitch: task.settings.pitch,
    volume: task.settings.volume,
    language: language && language !== 'Auto' ? language : null,
  };
}
