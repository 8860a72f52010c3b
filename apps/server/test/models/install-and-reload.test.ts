import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ModelList } from '@sayso/contract/models';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHealth } from '../../src/domains/health/service.js';
import { ADMIN, adminCookie } from '../helpers/admin.js';
import { buildTestApp } from '../helpers/build-app.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { archiveOfFolder } from '../helpers/sherpa-stand-ins/archive.js';
import { writeStandInPocketModel } from '../helpers/sherpa-stand-ins/pocket.js';
import { waitForTask } from '../helpers/speech.js';
import { gzip, piperEntries, tarOf } from './archives.js';

const MODEL = 'pocket-tts-stand-in';
let pocketArchive: Buffer;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sayso-install-reload-'));
  await writeStandInPocketModel(path.join(root, MODEL));
  pocketArchive = await archiveOfFolder(path.join(root, MODEL), MODEL);
});
afterAll(() => rm(root, { recursive: true, force: true }));

function upload(app: FastifyInstance, cookie: string, fileName: string, bytes: Buffer) {
  const form = new FormData();
  form.append('archive', new Blob([bytes]), fileName);
  return app.inject({ method: 'POST', url: '/api/admin/models', headers: { origin: ORIGIN, cookie }, payload: form });
}

async function cloneVoice(app: FastifyInstance, cookie: string, name: string) {
  const form = new FormData();
  form.append('audio', new Blob([await spokenSampleWav()], { type: 'audio/wav' }), 'sample.wav');
  form.append('voice_name', name);
  form.append('language_tag', 'English');
  form.append('need_noise_reduction', 'false');
  const response = await app.inject({
    method: 'POST',
    url: '/api/voice/clone',
    headers: { origin: ORIGIN, cookie },
    payload: form,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; approximate: boolean };
}

const cloneStudioEngine = async (app: FastifyInstance) =>
  (await checkHealth(app)).engines.find((engine) => engine.serves.includes('clone'))?.id;

describe('installing a model on a running server', () => {
  it('clones through an uploaded cloning model at once, and falls back to approximate clones when it is removed', async () => {
    const app = await buildTestApp({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
    const staff = await adminCookie(app);
    const user = await signedInUser(app);
    expect(await cloneStudioEngine(app)).toBe('espeak');

    const installed = await upload(app, staff, `${MODEL}.tar.gz`, pocketArchive);
    expect(installed.statusCode).toBe(200);
    // The install answers once the engines have loaded it: the studio has already moved.
    expect(await cloneStudioEngine(app)).toBe('sherpa');
    const listed = await app.inject({ method: 'GET', url: '/api/admin/models', headers: { cookie: staff } });
    expect((listed.json() as ModelList).engines).toContainEqual({ id: 'sherpa', status: 'up', serves: ['clone'] });
    const neural = await cloneVoice(app, user.cookie, 'Neural');
    expect(neural.approximate).toBe(false);
    const speech = await app.inject({
      method: 'POST',
      url: '/api/tts',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: {
        text: 'The neural clone reads this. Then this too.',
        model: 'speech-2.8-hd',
        voice_setting: { voice_id: neural.id, vol: 1, pitch: 0, speed: 1 },
        language_boost: 'Auto',
        with_transcript: false,
      },
    });
    const task = await waitForTask(app, (speech.json() as { task_id: string }).task_id, user.cookie);
    expect(task.status).toBe('done');

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/models/${MODEL}`,
      headers: { origin: ORIGIN, cookie: staff },
    });
    expect(removed.statusCode).toBe(204);
    expect(await cloneStudioEngine(app)).toBe('espeak');
    expect((await cloneVoice(app, user.cookie, 'Fitted')).approximate).toBe(true);
  }, 120_000);

  it('refuses an archive the runtime cannot load, and installs nothing', async () => {
    const app = await buildTestApp({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
    const staff = await adminCookie(app);
    const name = 'vits-piper-en_US-broken-low';
    const refused = await upload(app, staff, `${name}.tar.gz`, gzip(await tarOf(piperEntries(name))));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: expect.stringContaining('did not load') });
    const list = await app.inject({ method: 'GET', url: '/api/admin/models', headers: { cookie: staff } });
    expect((list.json() as { installed: unknown[] }).installed).toEqual([]);
  }, 60_000);
});
