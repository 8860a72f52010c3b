import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HealthReport } from '@sayso/contract/site';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseVersion, speechQueueDepth } from '../../src/domains/health/repository.js';
import { staffHealthReport } from '../../src/domains/health/service.js';
import { ModelService } from '../../src/domains/models/index.js';
import { createTask } from '../../src/domains/speech/task-lifecycle.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import type { SpeechEngineV1 } from '../../src/engines/speech-engine.js';
import { MANIFEST_FILE, type ModelFamily, type ModelManifest } from '../../src/models/manifest.js';
import { version } from '../../src/version.js';
import { type FakeS3, startFakeS3 } from '../fakes/s3-server.js';
import { ADMIN, adminCookie } from '../helpers/admin.js';
import { buildTestApp } from '../helpers/build-app.js';
import { describeOnEachDatabase, openMigrated } from '../helpers/databases.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

const demoTask = (text: string) => ({
  userId: null,
  studio: 'preset' as const,
  engine: 'espeak',
  voiceId: 'espeak-en-us-f2',
  modelId: 'espeak-ng',
  text,
  settings: { speed: 1, pitch: 1, volume: 1 },
  cost: 0,
  clientIp: `192.0.2.${text.length}`,
});

/** Writes the model manager's record of an installed model, as an install leaves it. */
async function installRecord(modelsDir: string, name: string, family: ModelFamily, title: string): Promise<void> {
  const manifest: ModelManifest = {
    name,
    family,
    title,
    languages: ['en'],
    license: 'Apache-2.0',
    commercialUse: true,
    sizeBytes: 1024,
    sha256: '0'.repeat(64),
    checksum: 'recorded',
    source: { kind: 'file', fileName: `${name}.tar.bz2` },
    installedAt: '2026-11-27T10:00:00.000Z',
  };
  await mkdir(path.join(modelsDir, name), { recursive: true });
  await writeFile(path.join(modelsDir, name, MANIFEST_FILE), JSON.stringify(manifest));
}

/**
 * eSpeak under the id of the engine that runs installed models, up, with the models it has loaded:
 * the real neural engine needs the native runtime, which this project's tests do not load.
 */
function modelEngine(loaded: string[]): SpeechEngineV1 {
  const espeak = createEspeakEngine();
  return {
    ...espeak,
    id: 'sherpa',
    status: async () => ({ state: 'up' }),
    listModels: async () => loaded.map((id) => ({ id, name: id })),
  };
}

async function staffReport(app: FastifyInstance): Promise<HealthReport> {
  const cookie = await adminCookie(app);
  const response = await app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as HealthReport;
}

describeOnEachDatabase('The speech queue and the database as the health report reads them', (target) => {
  it('counts the waiting and the running tasks, and how long the first in line has waited', async () => {
    const { handle } = await openMigrated(target);
    expect(await speechQueueDepth(handle.db)).toEqual({ waiting: 0, running: 0, oldestWaitingSeconds: null });

    const admitAll = async () => {};
    const first = await createTask(handle.db, demoTask('First in line.'), admitAll);
    const second = await createTask(handle.db, demoTask('Second in line.'), admitAll);
    const started = await createTask(handle.db, demoTask('Being rendered now.'), admitAll);
    const finished = await createTask(handle.db, demoTask('Already done.'), admitAll);
    await handle.db
      .updateTable('speech_tasks')
      .set({ status: 'processing' })
      .where('id', '=', started.taskId)
      .execute();
    await handle.db.updateTable('speech_tasks').set({ status: 'done' }).where('id', '=', finished.taskId).execute();
    // The first has waited a minute and a half; the running task was queued earlier still, and
    // the finished one earlier than both: neither counts as waiting.
    const ago = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;
    await handle.db
      .updateTable('speech_tasks')
      .set({ queued_at: ago(90) })
      .where('id', '=', first.taskId)
      .execute();
    await handle.db
      .updateTable('speech_tasks')
      .set({ queued_at: ago(10) })
      .where('id', '=', second.taskId)
      .execute();
    for (const id of [started.taskId, finished.taskId]) {
      await handle.db
        .updateTable('speech_tasks')
        .set({ queued_at: ago(600) })
        .where('id', '=', id)
        .execute();
    }

    const depth = await speechQueueDepth(handle.db);
    expect(depth).toMatchObject({ waiting: 2, running: 1 });
    expect(depth.oldestWaitingSeconds).toBeGreaterThanOrEqual(90);
    expect(depth.oldestWaitingSeconds).toBeLessThan(120);
  });

  it('names the database server and its version, without the build details', async () => {
    const { handle } = await openMigrated(target);
    expect(await databaseVersion(handle.db)).toMatch(/^PostgreSQL \d+(\.\d+)*$/);
  });
});

describe('GET /api/admin/health: what the Health page shows', () => {
  it('adds the queue, storage, models, versions, uptime and memory to the components', async () => {
    const app = await buildTestApp({ env: { ...ADMIN_ENV, RUN_WORKERS: 'false' }, engines: [createEspeakEngine()] });
    await installRecord(app.config.models.dir, 'kokoro-en-v0_19', 'kokoro', 'Kokoro English');
    // A demo task waits: no worker runs in this app.
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/tts',
      headers: { origin: ORIGIN },
      remoteAddress: '198.51.100.9',
      payload: {
        text: 'Waiting for a worker.',
        model: 'speech-2.5-hd-preview',
        voice_setting: { voice_id: 'en-us-female', vol: 1, pitch: 0, speed: 1 },
        language_boost: 'Auto',
        with_transcript: false,
      },
    });
    expect(submitted.json()).toMatchObject({ success: true });

    const report = await staffReport(app);
    expect(report).toMatchObject({
      status: 'ok',
      version,
      database: { status: 'up', kind: 'pglite' },
      queue: { status: 'up', depth: { waiting: 1, running: 0 } },
      storage: { status: 'up', kind: 'local', location: path.join(app.config.dataDir, 'files') },
      models: {
        count: 1,
        // eSpeak serves both studios here: the model is installed, but no engine runs it.
        installed: [{ name: 'kokoro-en-v0_19', title: 'Kokoro English', role: 'preset', serves: [] }],
      },
      versions: { product: version, node: process.version },
      engines: [{ id: 'espeak', status: 'up', serves: ['preset', 'clone'] }],
    });
    expect(report.queue.depth?.oldestWaitingSeconds).toBeGreaterThanOrEqual(0);
    expect(report.versions.database).toMatch(/^PostgreSQL \d+/);
    expect(report.process.uptimeSeconds).toBeGreaterThan(0);
    // A Node.js process holds at least tens of megabytes; a figure in another unit would not.
    expect(report.process.rssBytes).toBeGreaterThan(20 * 1024 * 1024);
  });

  it('says which studio each installed model serves: by its role, when its engine serves that studio and has it loaded', async () => {
    const app = await buildTestApp({
      env: ADMIN_ENV,
      engines: [createEspeakEngine(), modelEngine(['kokoro-en-v0_19', 'pocket-tts'])],
    });
    const dir = app.config.models.dir;
    await installRecord(dir, 'kokoro-en-v0_19', 'kokoro', 'Kokoro English');
    await installRecord(dir, 'pocket-tts', 'pocket', 'Pocket TTS');
    await installRecord(dir, 'vits-piper-broken', 'vits', 'A voice that did not load');
    await installRecord(dir, 'gtcrn-simple', 'gtcrn', 'GTCRN denoiser');

    const report = await staffReport(app);
    // Left on auto, the engine that runs models takes both studios from eSpeak.
    expect(report.engines).toContainEqual({ id: 'sherpa', status: 'up', serves: ['preset', 'clone'] });
    expect(report.models.count).toBe(4);
    expect(report.models.installed).toEqual([
      { name: 'gtcrn-simple', title: 'GTCRN denoiser', role: 'denoiser', serves: [] },
      { name: 'kokoro-en-v0_19', title: 'Kokoro English', role: 'preset', serves: ['preset'] },
      { name: 'pocket-tts', title: 'Pocket TTS', role: 'clone', serves: ['clone'] },
      { name: 'vits-piper-broken', title: 'A voice that did not load', role: 'preset', serves: [] },
    ]);
  });

  it('keeps the public answer to its overall status', async () => {
    const app = await buildTestApp({ env: ADMIN_ENV, engines: [createEspeakEngine()] });
    await installRecord(app.config.models.dir, 'kokoro-en-v0_19', 'kokoro', 'Kokoro English');
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('still reports the rest when the database is gone: no queue depth or database version, and says degraded', async () => {
    const app = await buildTestApp({ engines: [createEspeakEngine()] });
    const models = new ModelService(app.config.models, {}, () => app.engines.reports());
    await app.db.destroy();
    const report = await staffHealthReport(app, {
      installedModels: () => models.installed(),
      process: { uptimeSeconds: () => 12.5, rssBytes: () => 150_000_000, nodeVersion: 'v24.0.0' },
    });
    expect(report).toMatchObject({
      status: 'degraded',
      database: { status: 'down', detail: expect.any(String) },
      queue: { depth: null },
      versions: { product: version, node: 'v24.0.0', database: null },
      process: { uptimeSeconds: 12.5, rssBytes: 150_000_000 },
      models: { count: 0, installed: [] },
    });
  });

  it('is refused to a signed-in user who is not staff', async () => {
    const app = await buildTestApp({ env: ADMIN_ENV, engines: [createEspeakEngine()] });
    const user = await signedInUser(app);
    const response = await app.inject({ method: 'GET', url: '/api/admin/health', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('rssBytes');
  });
});

describe('GET /api/admin/health on S3 storage', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3('sayso-health');
    // The AWS SDK reads its credentials from the process's environment, not from the app's config.
    vi.stubEnv('AWS_ACCESS_KEY_ID', s3.env.AWS_ACCESS_KEY_ID ?? '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.env.AWS_SECRET_ACCESS_KEY ?? '');
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await s3.close();
  });

  it('names the bucket and the service it lives at', async () => {
    const app = await buildTestApp({ env: { ...ADMIN_ENV, ...s3.env }, engines: [createEspeakEngine()] });
    const report = await staffReport(app);
    expect(report.storage).toEqual({
      status: 'up',
      kind: 's3',
      location: `bucket sayso-health at ${s3.config.endpoint}`,
    });
  });
});
