import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, localFilesDir } from '../helpers/build-app.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { installStandIn } from '../helpers/sherpa-stand-ins/install.js';
import { writeStandInZipvoiceModel } from '../helpers/sherpa-stand-ins/zipvoice.js';

// The clone form through the app, with ZipVoice (real sherpa-onnx runtime, stand-in model) as the
// only cloning model installed: it clones from a sample and what is said in it.
let modelsDir: string;

beforeAll(async () => {
  modelsDir = await mkdtemp(path.join(tmpdir(), 'sayso-zipvoice-app-'));
  await installStandIn(
    modelsDir,
    'sherpa-onnx-zipvoice-distill-int8-zh-en-emilia',
    'zipvoice',
    writeStandInZipvoiceModel,
  );
}, 60_000);
afterAll(() => rm(modelsDir, { recursive: true, force: true }));

async function clone(app: FastifyInstance, cookie: string, transcript: string | null) {
  const body = new FormData();
  body.append('audio', new Blob([await spokenSampleWav()], { type: 'audio/wav' }), 'me.wav');
  body.append('voice_name', 'Me');
  body.append('preview_text', 'Hello world.');
  body.append('need_noise_reduction', 'false');
  if (transcript !== null) body.append('sample_transcript', transcript);
  return app.inject({ method: 'POST', url: '/api/voice/clone', headers: { origin: ORIGIN, cookie }, payload: body });
}

const storedFiles = (app: FastifyInstance) =>
  readdir(localFilesDir(app), { recursive: true }).catch((): string[] => []);

describe('cloning through ZipVoice in the app', () => {
  it('refuses a sample without its transcript with a 400 that says so, and keeps no file of it', async () => {
    const app = await buildTestApp({ env: { MODELS_DIR: modelsDir } });
    expect(app.engines.forStudio('clone').id).toBe('sherpa');
    const user = await signedInUser(app);
    const before = await storedFiles(app);
    const refused = await clone(app, user.cookie, null);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: expect.stringContaining('needs the transcript of your sample') });
    const left = (await storedFiles(app)).filter((file) => !before.includes(file));
    expect(left.filter((file) => /\.(f32|wav|mp3)$/.test(file))).toEqual([]);
  }, 60_000);

  it('clones from the sample and its transcript, and speaks the new voice', async () => {
    const app = await buildTestApp({ env: { MODELS_DIR: modelsDir } });
    const user = await signedInUser(app);
    const created = await clone(app, user.cookie, 'The morning train left the station a little after seven.');
    expect(created.statusCode).toBe(200);
    const voiceId = String((created.json() as { voice_id: string }).voice_id);
    expect(voiceId).toMatch(/^sherpa-clone-/);
    const references = (await storedFiles(app)).filter((file) => file.endsWith('.f32'));
    expect(references).toEqual([`voice-references/${voiceId}.f32`]);
  }, 60_000);
});
