import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InstallJob, ModelList, RecommendedSet } from '@sayso/contract/models';
import type { VoiceList } from '@sayso/contract/speech';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { ModelHooks } from '../../src/domains/models/service.js';
import { ADMIN, adminCookie } from '../helpers/admin.js';
import { buildTestApp } from '../helpers/build-app.js';
import { type ModelMirror, startModelMirror, tarGzToBzip2 } from '../helpers/model-mirror.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { archiveOfFolder } from '../helpers/sherpa-stand-ins/archive.js';
import { standInGtcrnModel } from '../helpers/sherpa-stand-ins/denoiser.js';
import { writeStandInKokoroModel } from '../helpers/sherpa-stand-ins/kokoro.js';
import { waitForTask } from '../helpers/speech.js';

const KOKORO = 'kokoro-multi-lang-v1_0';
const KOKORO_PATH = `/tts-models/${KOKORO}.tar.bz2`;
const DENOISER = 'gtcrn_simple';
const DENOISER_PATH = `/speech-enhancement-models/${DENOISER}.onnx`;
const staffEnv = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

let kokoroArchive: Buffer;
let work: string;
let mirror: ModelMirror;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sayso-install-jobs-'));
  await writeStandInKokoroModel(path.join(work, KOKORO));
  kokoroArchive = tarGzToBzip2(await archiveOfFolder(path.join(work, KOKORO), KOKORO));
}, 120_000);
afterAll(() => rm(work, { recursive: true, force: true }));
beforeEach(async () => {
  mirror = await startModelMirror();
});
afterEach(() => mirror.close());

async function appOn(env: Record<string, string> = {}, modelHooks?: ModelHooks) {
  const app = await buildTestApp({
    env: { ...staffEnv, MODEL_DOWNLOAD_BASE_URL: mirror.baseUrl, ...env },
    ...(modelHooks ? { modelHooks } : {}),
  });
  return { app, staff: await adminCookie(app) };
}

async function list(app: FastifyInstance, cookie: string): Promise<ModelList> {
  const response = await app.inject({ method: 'GET', url: '/api/admin/models', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as ModelList;
}

const install = (app: FastifyInstance, cookie: string, name: string) =>
  app.inject({ method: 'POST', url: `/api/admin/models/${name}/install`, headers: { origin: ORIGIN, cookie } });

const cancel = (app: FastifyInstance, cookie: string, name: string) =>
  app.inject({ method: 'DELETE', url: `/api/admin/models/${name}/install`, headers: { origin: ORIGIN, cookie } });

/** Polls the list, as the Models page does, until the job of `name` has ended; answers every job seen on the way. */
async function watch(app: FastifyInstance, cookie: string, name: string, timeoutMs = 90_000): Promise<InstallJob[]> {
  const seen: InstallJob[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = (await list(app, cookie)).jobs.find((candidate) => candidate.name === name);
    if (job) seen.push(job);
    if (job && ['installed', 'failed', 'cancelled'].includes(job.state)) return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the install of ${name} did not end within ${timeoutMs} ms`);
}

async function staging(app: FastifyInstance): Promise<string[]> {
  return readdir(path.join(app.config.models.dir, '.incoming')).catch(() => []);
}

describe('installs by name from the Models page', () => {
  it('downloads from the mirror with live progress, and the engines speak the model without a restart', async () => {
    mirror.serve(KOKORO_PATH, kokoroArchive, { bytesPerSecond: 2_000_000 });
    const { app, staff } = await appOn();
    const catalogue = (await list(app, staff)).catalogue.find((model) => model.name === KOKORO);
    expect(catalogue?.url).toBe(`${mirror.baseUrl}${KOKORO_PATH}`);

    const started = await install(app, staff, KOKORO);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ name: KOKORO, state: 'queued', requestedBy: ADMIN.username });
    expect((await install(app, staff, KOKORO)).json()).toMatchObject({
      error: `"${KOKORO}" is already being installed.`,
    });

    const seen = await watch(app, staff, KOKORO);
    expect(seen.at(-1)).toMatchObject({ state: 'installed', error: null });
    const downloading = seen.filter((job) => job.state === 'downloading' && job.progress);
    expect(downloading.length).toBeGreaterThan(0);
    expect(downloading.at(-1)?.progress).toMatchObject({ totalBytes: kokoroArchive.length });
    expect(seen.some((job) => (job.progress?.bytesPerSecond ?? 0) > 0)).toBe(true);

    const after = await list(app, staff);
    expect(after.installed.map((model) => model.name)).toEqual([KOKORO]);
    expect(after.engines).toContainEqual(expect.objectContaining({ id: 'sherpa', status: 'up' }));
    // The preset studio (/dashboard2) offers Kokoro's voices now, and one speaks.
    const voices = await app.inject({ method: 'GET', url: '/api/elevenlabs/voices' });
    const kokoro = (voices.json() as VoiceList).voices.find((voice) => voice.voice_id.includes('af_heart'));
    expect(kokoro).toBeDefined();
    const user = await signedInUser(app);
    const speech = await app.inject({
      method: 'POST',
      url: '/api/elevenlabs/tts',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: { text: 'Installed without a restart.', voice_id: kokoro?.voice_id, model_id: KOKORO },
    });
    expect(speech.statusCode).toBe(200);
    const task = await waitForTask(app, (speech.json() as { task_id: string }).task_id, user.cookie);
    expect(task.status).toBe('done');
    expect(await staging(app)).toEqual([]);
    expect((await install(app, staff, KOKORO)).statusCode).toBe(409);
  }, 180_000);

  it('ends a stalled download with the error, and installs nothing', async () => {
    mirror.serve(KOKORO_PATH, kokoroArchive, { stallAfter: 64 * 1024 });
    const { app, staff } = await appOn({}, { download: { stallTimeoutMs: 400 } });
    expect((await install(app, staff, KOKORO)).statusCode).toBe(202);
    const job = (await watch(app, staff, KOKORO)).at(-1);
    expect(job).toMatchObject({
      state: 'failed',
      error: `No data from ${new URL(mirror.baseUrl).host} for 0.4 s; the download was stopped and nothing was installed.`,
    });
    expect((await list(app, staff)).installed).toEqual([]);
    expect(await staging(app)).toEqual([]);
  }, 60_000);

  it('cancels a running install, removes its files, and a dismissed failure leaves the list', async () => {
    mirror.serve(KOKORO_PATH, kokoroArchive, { bytesPerSecond: 100_000 });
    const { app, staff } = await appOn({}, {});
    expect((await install(app, staff, KOKORO)).statusCode).toBe(202);
    await expect.poll(async () => (await list(app, staff)).jobs[0]?.progress?.receivedBytes ?? 0).toBeGreaterThan(0);
    expect(await staging(app)).not.toEqual([]);
    const cancelled = await cancel(app, staff, KOKORO);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ name: KOKORO, state: 'cancelled' });
    expect(await staging(app)).toEqual([]);
    expect((await list(app, staff)).jobs).toEqual([expect.objectContaining({ state: 'cancelled' })]);
    expect((await cancel(app, staff, KOKORO)).statusCode).toBe(200);
    expect((await list(app, staff)).jobs).toEqual([]);
    expect((await cancel(app, staff, KOKORO)).statusCode).toBe(404);
  }, 60_000);

  it('refuses a name that is not in the catalogue, and asks staff to sign in', async () => {
    const { app, staff } = await appOn({}, {});
    const unknown = await install(app, staff, 'not-a-model');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: expect.stringContaining('not in the catalogue') });
    expect((await install(app, '', KOKORO)).statusCode).toBe(401);
  });

  it('installs MODELS_PRELOAD in the background while the server answers', async () => {
    mirror.serve(DENOISER_PATH, Buffer.from(standInGtcrnModel()), { bytesPerSecond: 20_000 });
    const { app, staff } = await appOn({ MODELS_PRELOAD: DENOISER });
    await app.ready();
    // The server answers while the preload runs.
    const first = (await list(app, staff)).jobs;
    expect(first).toEqual([expect.objectContaining({ name: DENOISER, requestedBy: 'MODELS_PRELOAD' })]);
    expect(first[0]?.state).not.toBe('installed');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await watch(app, staff, DENOISER)).at(-1)).toMatchObject({ state: 'installed' });
    expect((await list(app, staff)).installed.map((model) => model.name)).toEqual([DENOISER]);
  }, 90_000);

  it('stops the start with a clear error when MODELS_PRELOAD names a model the catalogue does not have', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MODELS_PRELOAD: `${KOKORO}, kokoro-v9` })).toThrow(
      /MODELS_PRELOAD.*"kokoro-v9"/,
    );
  });

  it('previews and installs the recommended voices for the chosen languages', async () => {
    const { app, staff } = await appOn({}, {});
    const preview = await app.inject({
      method: 'GET',
      url: '/api/admin/models/recommended?languages=en,de-AT,sw&cloning=false',
      headers: { cookie: staff },
    });
    expect(preview.statusCode).toBe(200);
    const set = preview.json() as RecommendedSet;
    expect(set.models.map((model) => model.name)).toEqual([KOKORO, 'vits-piper-de_DE-thorsten-medium', DENOISER]);
    expect(set.uncovered).toEqual(['sw']);
    expect(set.jobs).toEqual([]);
    expect((await list(app, staff)).jobs).toEqual([]);

    const started = await app.inject({
      method: 'POST',
      url: '/api/admin/models/recommended',
      headers: { origin: ORIGIN, cookie: staff },
      payload: { languages: ['en'], cloning: true },
    });
    expect(started.statusCode).toBe(202);
    const names = (started.json() as RecommendedSet).jobs.map((job) => job.name);
    expect(names).toEqual([KOKORO, DENOISER, expect.stringContaining('pocket-tts')]);
    // The mirror has none of them: each fails in turn with the mirror's answer, one at a time.
    for (const name of names) {
      expect((await watch(app, staff, name)).at(-1)).toMatchObject({
        state: 'failed',
        error: expect.stringContaining('404'),
      });
    }
  }, 60_000);
});
