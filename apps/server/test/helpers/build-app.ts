import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { buildApp, type LogStream } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { ModelHooks } from '../../src/domains/models/service.js';
import type { CallbackTransport } from '../../src/domains/speech/completion-callback.js';
import type { SpeechEngineV1 } from '../../src/engines/speech-engine.js';
import { pgliteFromTemplate } from './databases.js';

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Replace parts of the loaded config (for example the database). */
  override?: (config: Config) => Config;
  /** Speech engines to use instead of the configured ones. */
  engines?: SpeechEngineV1[];
  callbackTransport?: CallbackTransport;
  logStream?: LogStream;
  /** The model manager's verify and onChange hooks. */
  modelHooks?: ModelHooks;
}

/**
 * A config for tests: silent logs, files in a fresh temporary folder, no load shedding, and an
 * in-memory PGlite database as the migrated template left it (override the database for an empty one).
 */
export async function testConfig(options: TestAppOptions = {}): Promise<Config> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Load shedding answers by how busy the machine is, which a test does not control: it is off
    // unless a test turns it on (test/http/overload.test.ts does).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    REQUEST_DATABASE_WAIT_MS: '0',
    // Renders run on the test's own thread, one task at a time, unless a test asks for the render
    // pool (test/render-pool/*): starting worker threads in every app would slow every test, and the
    // built server that the browser tests drive uses the pool throughout.
    RENDER_THREADS: '0',
    ...options.env,
  });
  const lentDatabase = await pgliteFromTemplate();
  const withMemoryDb: Config = { ...config, database: lentDatabase };
  if (!options.override) return withMemoryDb;
  const overridden = options.override(withMemoryDb);
  // A test that brings its own database leaves the lent one unused: the next test may have it.
  if (overridden.database !== lentDatabase && lentDatabase.kind === 'pglite') await lentDatabase.lease?.giveBack();
  return overridden;
}

/** Boots the whole app on a new database; it is closed and its files removed when the test ends. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const config = await testConfig(options);
  const app = await buildApp(config, {
    ...(options.engines ? { engines: options.engines } : {}),
    ...(options.callbackTransport ? { callbackTransport: options.callbackTransport } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.modelHooks ? { modelHooks: options.modelHooks } : {}),
  });
  onTestFinished(async () => {
    await app.close();
    // A streamed request the test left may still be writing its files as the folder goes: retry.
    await rm(config.dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  });
  return app;
}

/** The folder a test app keeps its files in: test apps use local storage unless a test says otherwise. */
export function localFilesDir(app: FastifyInstance): string {
  const { storage } = app.config;
  if (storage.kind !== 'local') throw new Error('this test reads the files folder of local storage');
  return storage.dir;
}
