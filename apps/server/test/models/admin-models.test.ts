import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ModelList } from '@sayso/contract/models';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ModelHooks } from '../../src/domains/models/service.js';
import { installFromFile } from '../../src/models/installer.js';
import { ADMIN, adminCookie } from '../helpers/admin.js';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN } from '../helpers/sessions.js';
import { bzip2, gzip, piperEntries, tarOf } from './archives.js';

const NAME = 'vits-piper-de_DE-test-medium';

async function staffApp(env: Record<string, string> = {}, modelHooks: ModelHooks = {}) {
  const app = await buildTestApp({
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...env },
    modelHooks,
  });
  return { app, cookie: await adminCookie(app) };
}

function upload(app: FastifyInstance, cookie: string, fileName: string, bytes: Buffer) {
  const form = new FormData();
  form.append('archive', new Blob([bytes]), fileName);
  return app.inject({ method: 'POST', url: '/api/admin/models', headers: { origin: ORIGIN, cookie }, payload: form });
}

async function list(app: FastifyInstance, cookie: string): Promise<ModelList> {
  const response = await app.inject({ method: 'GET', url: '/api/admin/models', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('admin model routes', () => {
  it('lists the catalogue, installs an uploaded archive and removes it, each seen at once', async () => {
    const { app, cookie } = await staffApp();
    const before = await list(app, cookie);
    expect(before.installed).toEqual([]);
    expect(before.catalogue.map((model) => model.name)).toContain('kokoro-multi-lang-v1_0');
    expect(before.creditsOnSale).toBe(true);
    expect(before.uploadLimitBytes).toBe(2048 * 1024 * 1024);

    const installed = await upload(app, cookie, `${NAME}.tar.bz2`, bzip2(await tarOf(piperEntries(NAME))));
    expect(installed.statusCode).toBe(200);
    expect(installed.json()).toMatchObject({ name: NAME, family: 'vits', checksum: 'recorded', source: 'file' });
    expect((await list(app, cookie)).installed.map((model) => model.name)).toEqual([NAME]);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/models/${NAME}`,
      headers: { origin: ORIGIN, cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(app, cookie)).installed).toEqual([]);
    // The upload's temporary file and the staging folder are gone too.
    expect(await readdir(path.join(app.config.models.dir, '.incoming'))).toEqual([]);
  });

  it('refuses an escaping archive with a 422 and the reason, and installs nothing', async () => {
    const { app, cookie } = await staffApp();
    const evil = bzip2(await tarOf([...piperEntries(NAME), { name: '../evil', body: 'x' }]));
    const response = await upload(app, cookie, `${NAME}.tar.bz2`, evil);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: expect.stringContaining('"../evil"') });
    expect((await list(app, cookie)).installed).toEqual([]);
  });

  it('accepts an archive up to the upload limit and refuses a larger one with a 413', async () => {
    const { app, cookie } = await staffApp({ MODEL_UPLOAD_LIMIT_MB: '2' });
    const tooLarge = await upload(app, cookie, 'gtcrn_simple.onnx', Buffer.alloc(2 * 1024 * 1024 + 10));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: expect.stringContaining('2 MB') });
    expect((await list(app, cookie)).installed).toEqual([]);
    // Past Fastify's 1 MiB body limit: the archive is streamed to disk, not parsed as a body.
    const fits = await upload(app, cookie, 'gtcrn_simple.onnx', Buffer.alloc(1536 * 1024, 1));
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toMatchObject({ name: 'gtcrn_simple', family: 'gtcrn', sizeBytes: 1536 * 1024 });
  });

  it('shows a model installed or removed behind the running app without a restart, with its licence warning', async () => {
    const { app, cookie } = await staffApp();
    const dir = app.config.models.dir;
    const lessac = 'vits-piper-en_US-lessac-medium';
    const scratch = await mkdtemp(path.join(app.config.dataDir, 'scratch-'));
    const archive = path.join(scratch, `${lessac}.tar.bz2`);
    await writeFile(archive, bzip2(await tarOf(piperEntries(lessac))));
    await installFromFile(archive, { modelsDir: dir });
    const after = await list(app, cookie);
    expect(after.installed).toMatchObject([{ name: lessac, commercialUse: false, licenceWarning: true }]);
    expect(after.licenceWarning).toBe(true);
    expect(after.catalogue.find((model) => model.name === lessac)?.installed).toBe(true);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/models/${lessac}`,
      headers: { origin: ORIGIN, cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(app, cookie)).licenceWarning).toBe(false);
  });

  it('runs the verify hook before installing an upload and calls onChange after each change', async () => {
    const verified: string[] = [];
    let changes = 0;
    const { app, cookie } = await staffApp(
      {},
      {
        verify: async (_folder, manifest) => {
          verified.push(manifest.name);
          if (manifest.name.includes('broken')) throw new Error('the model did not load');
        },
        onChange: () => {
          changes += 1;
        },
      },
    );
    const broken = 'vits-piper-de_DE-broken-medium';
    const refused = await upload(app, cookie, `${broken}.tar.bz2`, bzip2(await tarOf(piperEntries(broken))));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: expect.stringContaining('did not load') });
    expect(changes).toBe(0);
    const installed = await upload(app, cookie, `${NAME}.tar.bz2`, bzip2(await tarOf(piperEntries(NAME))));
    expect(installed.statusCode).toBe(200);
    await app.inject({ method: 'DELETE', url: `/api/admin/models/${NAME}`, headers: { origin: ORIGIN, cookie } });
    expect(verified).toEqual([broken, NAME]);
    expect(changes).toBe(2);
    expect((await list(app, cookie)).installed).toEqual([]);
  });

  it('answers 401 without an admin session and 404 for a model that is not installed', async () => {
    const { app, cookie } = await staffApp();
    expect((await app.inject({ method: 'GET', url: '/api/admin/models' })).statusCode).toBe(401);
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/admin/models/nope',
      headers: { origin: ORIGIN, cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('installs an uploaded ZipVoice archive offline, its vocoder sent as a second file', async () => {
    // A mirror address where nothing listens: any download would fail, so success means none was made.
    const { app, cookie } = await staffApp({ MODEL_DOWNLOAD_BASE_URL: 'http://127.0.0.1:9' });
    const name = 'sherpa-onnx-zipvoice-distill-int8-zh-en-emilia';
    const archive = gzip(
      await tarOf([
        { name: `${name}/`, type: 'directory' },
        { name: `${name}/encoder.int8.onnx`, body: Buffer.alloc(1024, 1) },
        { name: `${name}/decoder.int8.onnx`, body: Buffer.alloc(1024, 2) },
        { name: `${name}/tokens.txt`, body: '_ 0\na 1\n' },
      ]),
    );
    const withoutVocoder = await upload(app, cookie, `${name}.tar.gz`, archive);
    expect(withoutVocoder.statusCode).toBe(502);
    expect(withoutVocoder.json()).toMatchObject({ error: expect.stringContaining('vocos_24khz.onnx') });

    const form = new FormData();
    form.append('archive', new Blob([archive]), `${name}.tar.gz`);
    form.append('vocoder', new Blob([Buffer.alloc(4096, 5)]), 'vocos_24khz.onnx');
    const installed = await app.inject({
      method: 'POST',
      url: '/api/admin/models',
      headers: { origin: ORIGIN, cookie },
      payload: form,
    });
    expect(installed.statusCode).toBe(200);
    expect(installed.json()).toMatchObject({ name, family: 'zipvoice' });
    expect(await readdir(path.join(app.config.models.dir, name))).toContain('vocos_24khz.onnx');
    expect(await readdir(path.join(app.config.models.dir, '.incoming'))).toEqual([]);
  });
});
