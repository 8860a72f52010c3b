import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spokenSampleWav } from '../../apps/server/test/helpers/samples.js';
import { archiveOfFolder } from '../../apps/server/test/helpers/sherpa-stand-ins/archive.js';
import { writeStandInPiperModel } from '../../apps/server/test/helpers/sherpa-stand-ins/piper.js';
import { writeStandInPocketModel } from '../../apps/server/test/helpers/sherpa-stand-ins/pocket.js';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { screenshot, useBrowser } from '../support/browser.js';
import { type RunningServer, repoRoot, startServer } from '../support/server.js';
import { adminSession, E2E_ADMIN } from '../support/staff.js';

const run = promisify(execFile);
const { newPage } = useBrowser();

// The catalogue's Lessac voice forbids commercial use, so the Models page must warn about it.
const VOICE_MODEL = 'vits-piper-en_US-lessac-medium';
// Not a catalogue name: installed from a file, its family is read from its files.
const CLONING_MODEL = 'pocket-tts-stand-in';

let server: RunningServer;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sayso-e2e-models-'));
  server = await startServer({
    env: {
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SIGN_IN_ATTEMPTS_PER_MINUTE: '100',
      SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000',
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

/** `npm run models -- ...` against the running server's data folder, as an operator types it. */
async function models(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'models', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
  return stdout;
}

async function cloneStudioEngine(): Promise<string | undefined> {
  const cookie = await adminSession(server.baseUrl);
  const health = (await (await fetch(`${server.baseUrl}/api/admin/health`, { headers: { cookie } })).json()) as {
    engines: { id: string; serves: string[] }[];
  };
  return health.engines.find((engine) => engine.serves.includes('clone'))?.id;
}

async function signIn(page: Page) {
  await page.goto(`${server.baseUrl}/`);
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, `${uniqueName('neural')}@example.test`, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

/** Uploads a sample on /dashboard3 and creates a voice; answers the label the voice list gives it. */
async function createVoice(page: Page, samplePath: string, name: string): Promise<string> {
  await page.goto(`${server.baseUrl}/dashboard3`);
  await page.getByTestId('sample-input').setInputFiles(samplePath);
  await page.getByRole('dialog', { name: 'Converting Audio File' }).waitFor({ state: 'detached', timeout: 60_000 });
  await page.getByTestId('loaded-file-name').waitFor();
  await page.getByLabel('Voice name').fill(name);
  await page.getByRole('button', { name: 'Create Voice' }).click();
  await page.getByText('Voice Created Successfully').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Cloned Voices' }).click();
  const voices = page.getByRole('dialog', { name: 'Your Cloned Voices' });
  const item = voices.getByRole('listitem').filter({ hasText: name });
  await item.waitFor();
  const label = (await item.getByText(/^(neural|approximate)$/).textContent()) ?? '';
  await page.keyboard.press('Escape');
  await voices.waitFor({ state: 'detached' });
  return label;
}

describe('neural models on a running server', () => {
  it('installs a voice model uploaded on the Models page, speaks it in the preset studio, warns about its licence, and removes it', async () => {
    await writeStandInPiperModel(path.join(work, VOICE_MODEL), {
      language: 'English',
      espeakVoice: 'en-us',
      speakers: 1,
    });
    const archive = path.join(work, `${VOICE_MODEL}.tar.gz`);
    await writeFile(archive, await archiveOfFolder(path.join(work, VOICE_MODEL), VOICE_MODEL));

    const admin = await newPage({ width: 1280, height: 900 });
    await admin.goto(`${server.baseUrl}/admin-panel`);
    await admin.getByLabel('Username').fill(E2E_ADMIN.username);
    await admin.getByLabel('Password').fill(E2E_ADMIN.password);
    await admin.getByRole('button', { name: 'Login' }).click();
    await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Models' }).click();
    await admin.getByRole('heading', { name: 'Speech models' }).waitFor();
    await admin.getByLabel('Model archive').setInputFiles(archive);
    await admin.getByRole('button', { name: 'Upload and install' }).click();
    const installed = admin.getByRole('region', { name: 'Installed on this server' });
    const row = installed.getByRole('row').filter({ hasText: VOICE_MODEL });
    await row.waitFor({ timeout: 60_000 });
    expect(await admin.getByRole('alert').filter({ hasText: 'forbids commercial use' }).textContent()).toContain(
      VOICE_MODEL,
    );
    const engines = admin.getByRole('region', { name: 'Speech engines' });
    await engines.getByText('Serves preset voices (/dashboard2)').waitFor();
    await screenshot(admin, 'neural-models-installed');

    // No restart: the preset studio offers the new model's voice at once.
    const page = await newPage();
    await signIn(page);
    await page.goto(`${server.baseUrl}/dashboard2`);
    await page.getByRole('button', { name: /Select a Voice|Change$/ }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('button', { name: /^Lessac/ }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByLabel('Your text').fill('A neural voice, installed a moment ago, reads this.');
    await page.getByRole('button', { name: 'Generate Voice' }).click();
    await page.getByTestId('result-audio').waitFor({ state: 'attached', timeout: 90_000 });

    await row.getByRole('button', { name: `Remove ${VOICE_MODEL}` }).click();
    await admin
      .getByRole('dialog', { name: 'Remove model' })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    await installed.getByText('No models installed yet').waitFor();
  }, 180_000);

  it('clones through a cloning model installed with `npm run models -- install --file`, and approximately once it is removed', async () => {
    await writeStandInPocketModel(path.join(work, CLONING_MODEL));
    const archive = path.join(work, `${CLONING_MODEL}.tar.gz`);
    await writeFile(archive, await archiveOfFolder(path.join(work, CLONING_MODEL), CLONING_MODEL));
    const samplePath = path.join(work, 'my-sample.wav');
    await writeFile(samplePath, await spokenSampleWav('en-us+f2', 60));

    expect(await models('install', '--file', archive)).toContain(CLONING_MODEL);
    expect(await models('list')).toContain(CLONING_MODEL);
    // The running server sees the new folder by itself.
    await expect.poll(cloneStudioEngine, { timeout: 30_000 }).toBe('sherpa');

    const page = await newPage();
    await signIn(page);
    expect(await createVoice(page, samplePath, 'Neural me')).toBe('neural');
    await page.getByLabel('Text to speak').fill('My neural clone reads this sentence. And then this one.');
    await page.getByRole('button', { name: 'Generate Voice' }).click();
    const audio = page.getByTestId('result-audio');
    await audio.waitFor({ state: 'attached', timeout: 90_000 });
    await expect
      .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).duration), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await screenshot(page, 'neural-clone-result');
    // The generation ran on the neural engine, as the history says.
    const history = (await page.evaluate(async () => (await fetch('/api/history')).json())) as {
      items: { engine: string }[];
    };
    expect(history.items[0]?.engine).toBe('sherpa');

    await models('remove', CLONING_MODEL);
    await expect.poll(cloneStudioEngine, { timeout: 30_000 }).toBe('espeak');
    expect(await createVoice(page, samplePath, 'Fitted me')).toBe('approximate');
  }, 240_000);
});
