import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { loadOrCreateSecret } from '../../db/settings-repository.js';
import { namedPlugin } from '../../http/named-plugin.js';
import { watchQueueDepth } from '../../metrics/registry.js';
import { signingSecretFor } from '../api-keys/index.js';
import { pronunciationFor } from '../pronunciation/index.js';
import { type CallbackJobDeps, deliverCallback, queueCompletionCallback } from './callback-job.js';
import type { CallbackTransport } from './completion-callback.js';
import { speechRoutes } from './routes.js';
import { SpeechService } from './service.js';
import { countQueuedTasks } from './repository.js';
import { runSpeechTask, type SpeechJobDeps } from './speech-job.js';
import { sweepSpeechQueue } from './speech-queue.js';
import { TaskAudioStreams } from './task-audio-stream.js';
import { taskView } from './task-view.js';

/**
 * Routes, and when this process runs workers: the speech worker, the completion callback worker
 * and the sweeper that repairs crashes.
 */
export async function registerSpeech(
  app: FastifyInstance,
  config: Config,
  callbackTransport: CallbackTransport = {},
): Promise<void> {
  const fileSecret = await loadOrCreateSecret(app.db, 'file_url_secret');
  // /metrics reads the line's depth from the database when scraped, for as long as the app runs.
  const stopWatchingQueue = watchQueueDepth(() => countQueuedTasks(app.db));
  app.addHook('onClose', async () => stopWatchingQueue());
  const service = new SpeechService({
    db: app.db,
    engines: app.engines,
    jobs: app.jobs,
    storage: app.storage,
    limits: { ...config.speech.limits, historyBytesPerUser: config.history.storageLimitBytes },
    fileSecret,
    publicUrl: config.publicUrl,
    pronunciation: pronunciationFor(app),
  });
  const audioStreams = new TaskAudioStreams({
    db: app.db,
    storage: app.storage,
    engines: app.engines,
    logger: app.log,
    fileSecret,
    publicUrl: config.publicUrl,
  });
  await app.register(namedPlugin('speechRoutes', speechRoutes(service, audioStreams)));
  if (!config.runWorkers) return;

  const deps: SpeechJobDeps = {
    db: app.db,
    storage: app.storage,
    engines: app.engines,
    encodeTake: app.encodeTake,
    logger: app.log,
    staleTaskSeconds: config.speech.staleTaskSeconds,
    notifyCompletion: (taskId) => queueCompletionCallback(app.jobs, taskId),
  };
  const callbackDeps: CallbackJobDeps = {
    db: app.db,
    jobs: app.jobs,
    logger: app.log,
    allowedHosts: config.speech.receiveUrlHosts,
    retryDelaysSeconds: config.speech.callbackRetryDelaysSeconds,
    describeTask: (task) => taskView(task, config.publicUrl, fileSecret),
    // The secret is the API keys page's; speech only reads it (api-keys imports nothing of speech).
    signingSecretFor: (userId) => signingSecretFor(app.db, userId),
    transport: callbackTransport,
  };
  // As many tasks render at once as the render pool has threads (one on the event loop without a pool).
  await app.jobs.work('speech', (job) => runSpeechTask(deps, job.taskId), { slots: app.renderPool?.size ?? 1 });
  await app.jobs.work('callback', (job) => deliverCallback(callbackDeps, job));
  const staleSeconds = config.speech.staleTaskSeconds;
  const sweep = () =>
    sweepSpeechQueue({ db: app.db, jobs: app.jobs, logger: app.log }, staleSeconds).catch((error: unknown) =>
      app.log.error({ err: error }, 'speech sweep failed'),
    );
  void sweep();
  // Sweep often enough that a stalled task is noticed soon after it becomes stale.
  const timer = setInterval(sweep, Math.min(60, Math.max(1, staleSeconds / 2)) * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
