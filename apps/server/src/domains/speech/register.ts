import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { loadOrCreateSecret } from '../../db/settings.js';
import type { SpeechCatalog } from './catalog.js';
import { renderWithEspeak } from './espeak/renderer.js';
import { DEMO_VOICE_ALIASES, espeakCatalog } from './espeak/voices.js';
import { preferenceRoutes } from './preferences.js';
import { speechRoutes } from './routes.js';
import { runSpeechTask, SPEECH_QUEUE, type SpeechJobDeps, sweepStaleTasks } from './speech-job.js';

const SWEEP_EVERY_MS = 60_000;

/**
 * With no cloud keys both providers are served by the embedded eSpeak NG engine (design.md
 * section 4). Provider A keeps its default model name so the spec's requests work unchanged.
 */
function embeddedCatalog(): SpeechCatalog {
  return {
    engineId: () => 'espeak',
    voices: async () => espeakCatalog(),
    models: async (provider) =>
      provider === 'A'
        ? [{ model_id: 'speech-2.5-hd-preview', name: 'Speech 2.5 HD (served offline by eSpeak NG)' }]
        : [{ model_id: 'espeak-ng', name: 'eSpeak NG (offline)' }],
    render: renderWithEspeak,
  };
}

/** Routes, the speech worker (when this process runs workers) and the sweeper that repairs crashes. */
export async function registerSpeech(app: FastifyInstance, config: Config): Promise<void> {
  const catalog = embeddedCatalog();
  await app.register(
    speechRoutes({
      catalog,
      limits: config.speech.limits,
      fileSecret: await loadOrCreateSecret(app.db, 'file_url_secret'),
      demoVoiceIds: new Set([...Object.keys(DEMO_VOICE_ALIASES), ...Object.values(DEMO_VOICE_ALIASES)]),
    }),
  );
  await app.register(preferenceRoutes);
  if (!config.runWorkers) return;

  const deps: SpeechJobDeps = { db: app.db, storage: app.storage, render: catalog.render, logger: app.log };
  await app.jobs.work<{ taskId: string }>(SPEECH_QUEUE, (data) => runSpeechTask(deps, data.taskId));
  const sweep = () =>
    sweepStaleTasks(deps, app.jobs).catch((error: unknown) => app.log.error({ err: error }, 'speech sweep failed'));
  void sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
