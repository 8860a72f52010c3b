import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SetupChecklist, SetupItem } from '@sayso/contract/setup';
import type { PublicConfig } from '@sayso/contract/site';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../../src/models/manifest.js';
import { ADMIN, adminCookie } from '../helpers/admin.js';
import { buildTestApp } from '../helpers/build-app.js';
import { cookieHeader, ORIGIN, signedInUser } from '../helpers/sessions.js';
import { installStandIn } from '../helpers/sherpa-stand-ins/install.js';
import { writeStandInPiperModel } from '../helpers/sherpa-stand-ins/piper.js';

const VOICE = 'vits-piper-en_US-amy-low';
let root: string;
/** A models folder with one natural preset voice whose licence allows selling. */
const voicedModels = () => path.join(root, 'voiced');
/** The same voice, recorded as non-commercial. */
const nonCommercialModels = () => path.join(root, 'non-commercial');

async function writeVoice(modelsDir: string, commercialUse: boolean) {
  await installStandIn(modelsDir, VOICE, 'vits', (folder) =>
    writeStandInPiperModel(folder, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
  );
  const manifestPath = path.join(modelsDir, VOICE, MANIFEST_FILE);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
  await writeFile(manifestPath, JSON.stringify({ ...manifest, title: 'Amy (stand-in)', commercialUse }));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sayso-setup-'));
  await writeVoice(voicedModels(), true);
  await writeVoice(nonCommercialModels(), false);
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

/** Everything the checklist asks for, set. */
const CONFIGURED = {
  CHAT_NUMBER: '923001112223',
  SUPPORT_EMAIL: 'help@voice.example.com',
  // The address the test requests come from, so the same-origin guard lets staff sign in.
  PUBLIC_URL: ORIGIN,
};

async function staffApp(env: Record<string, string>) {
  const app = await buildTestApp({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...env } });
  return { app, cookie: await adminCookie(app) };
}

async function checklist(app: FastifyInstance, cookie: string): Promise<SetupChecklist> {
  const response = await app.inject({ method: 'GET', url: '/api/admin/setup', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function item(list: SetupChecklist, id: SetupItem['id']): SetupItem {
  const found = list.items.find((entry) => entry.id === id);
  if (!found) throw new Error(`no checklist item ${id}`);
  return found;
}

async function publicConfig(app: FastifyInstance): Promise<PublicConfig> {
  return (await app.inject({ method: 'GET', url: '/api/config' })).json();
}

describe('GET /api/admin/setup', () => {
  it('on a fresh install, says what is missing and what to do for each item', async () => {
    const { app, cookie } = await staffApp({});
    const list = await checklist(app, cookie);
    expect(list.complete).toBe(false);
    expect(list.items.map((entry) => entry.id)).toEqual([
      'natural-voices',
      'chat-number',
      'support-email',
      'public-url',
      'licences',
      'provider-keys',
    ]);
    expect(item(list, 'natural-voices')).toMatchObject({
      state: 'todo',
      link: 'models',
      detail: expect.stringContaining('Install natural voices on the Models page'),
    });
    expect(item(list, 'chat-number')).toMatchObject({
      state: 'todo',
      detail: expect.stringContaining('Set CHAT_NUMBER'),
    });
    expect(item(list, 'support-email')).toMatchObject({
      state: 'todo',
      detail: expect.stringContaining('support@sayso.local'),
    });
    expect(item(list, 'support-email').detail).toContain('Set SUPPORT_EMAIL');
    expect(item(list, 'public-url')).toMatchObject({
      state: 'todo',
      detail: expect.stringContaining('Set PUBLIC_URL'),
    });
    // Nothing installed, so nothing unlicensed.
    expect(item(list, 'licences').state).toBe('done');
    // Cloud keys are optional: information, never a failure.
    expect(item(list, 'provider-keys')).toMatchObject({
      state: 'info',
      detail: expect.stringContaining('MINIMAX_API_KEY or ELEVENLABS_API_KEY'),
    });
  });

  it('is complete once a natural voice is installed and the settings are made', async () => {
    const { app, cookie } = await staffApp({ ...CONFIGURED, MODELS_DIR: voicedModels() });
    const list = await checklist(app, cookie);
    expect(list.items.filter((entry) => entry.state === 'todo')).toEqual([]);
    expect(list.complete).toBe(true);
    expect(item(list, 'natural-voices').state).toBe('done');
    expect(item(list, 'chat-number')).toMatchObject({ state: 'done', detail: expect.stringContaining('923001112223') });
    expect(item(list, 'support-email').detail).toContain('help@voice.example.com');
    expect(item(list, 'public-url').detail).toContain(ORIGIN);
    expect(item(list, 'provider-keys').state).toBe('info');
  }, 60_000);

  it('names an installed model whose licence forbids selling what it speaks', async () => {
    const { app, cookie } = await staffApp({ ...CONFIGURED, MODELS_DIR: nonCommercialModels() });
    const list = await checklist(app, cookie);
    expect(item(list, 'licences')).toMatchObject({
      state: 'todo',
      link: 'models',
      detail: expect.stringContaining('Amy (stand-in) has a licence that does not allow commercial use'),
    });
    expect(list.complete).toBe(false);
  }, 60_000);

  it('counts cloud provider keys as information only', async () => {
    const { app, cookie } = await staffApp({
      ...CONFIGURED,
      MODELS_DIR: voicedModels(),
      MINIMAX_API_KEY: 'test-key',
      MINIMAX_BASE_URL: 'http://127.0.0.1:9',
    });
    const list = await checklist(app, cookie);
    expect(item(list, 'provider-keys')).toMatchObject({
      state: 'info',
      detail: expect.stringContaining('MiniMax is set up'),
    });
    expect(list.complete).toBe(true);
  }, 60_000);

  it('with ElevenLabs serving the preset studio, natural voices are information, not a failure', async () => {
    const { app, cookie } = await staffApp({
      ...CONFIGURED,
      ELEVENLABS_API_KEY: 'test-key',
      ELEVENLABS_BASE_URL: 'http://127.0.0.1:9',
      SPEECH_ENGINE_B: 'elevenlabs',
    });
    const list = await checklist(app, cookie);
    expect(item(list, 'natural-voices')).toMatchObject({
      state: 'info',
      detail: expect.stringContaining('The preset studio speaks through ElevenLabs'),
    });
    expect(list.complete).toBe(true);
  });

  it('answers 401 to visitors and users, and 403 to staff who must first choose a password', async () => {
    const { app } = await staffApp({});
    expect((await app.inject({ method: 'GET', url: '/api/admin/setup' })).statusCode).toBe(401);
    const user = await signedInUser(app);
    const asUser = await app.inject({ method: 'GET', url: '/api/admin/setup', headers: { cookie: user.cookie } });
    expect(asUser.statusCode).toBe(401);

    const lines: string[] = [];
    const fresh = await buildTestApp({
      env: { ADMIN_USERNAME: 'root', LOG_LEVEL: 'warn' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const oneTime = lines.flatMap((line) => /One-time password: (\S+)/.exec(line)?.[1] ?? [])[0];
    const signedIn = await fresh.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { origin: ORIGIN },
      payload: { username: 'root', password: oneTime },
    });
    const refused = await fresh.inject({
      method: 'GET',
      url: '/api/admin/setup',
      headers: { cookie: cookieHeader(signedIn) },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: expect.stringContaining('Choose a new password'),
      code: 'MUST_CHANGE_PASSWORD',
    });
  });
});

describe('GET /api/config says whether the voices are natural', () => {
  it('not with eSpeak alone', async () => {
    const app = await buildTestApp();
    expect(await publicConfig(app)).toMatchObject({ naturalVoices: false, neuralCloning: false, cloudProviders: [] });
  });

  it('yes with an installed neural voice', async () => {
    const app = await buildTestApp({ env: { MODELS_DIR: voicedModels() } });
    expect(await publicConfig(app)).toMatchObject({ naturalVoices: true, neuralCloning: false, cloudProviders: [] });
  }, 60_000);

  it('yes with a cloud provider, which it names', async () => {
    const app = await buildTestApp({
      env: { ELEVENLABS_API_KEY: 'test-key', ELEVENLABS_BASE_URL: 'http://127.0.0.1:9', SPEECH_ENGINE_B: 'elevenlabs' },
    });
    expect(await publicConfig(app)).toMatchObject({ naturalVoices: true, cloudProviders: ['elevenlabs'] });
  });
});
