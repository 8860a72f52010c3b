import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModelMirror, startModelMirror, tarGzToBzip2 } from '../../apps/server/test/helpers/model-mirror.js';
import { archiveOfFolder } from '../../apps/server/test/helpers/sherpa-stand-ins/archive.js';
import { standInGtcrnModel } from '../../apps/server/test/helpers/sherpa-stand-ins/denoiser.js';
import { writeStandInKokoroModel } from '../../apps/server/test/helpers/sherpa-stand-ins/kokoro.js';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { expectAccessible, screenshot, useBrowser } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';
import { E2E_ADMIN } from '../support/staff.js';

const { newPage } = useBrowser();

// Served by the loopback mirror at the publisher's paths, relative to MODEL_DOWNLOAD_BASE_URL.
const KOKORO = 'kokoro-multi-lang-v1_0';
const KOKORO_PATH = `/tts-models/${KOKORO}.tar.bz2`;
const DENOISER = 'gtcrn_simple';
const DENOISER_PATH = `/speech-enhancement-models/${DENOISER}.onnx`;
const KITTEN = 'kitten-nano-en-v0_1-fp16';
const KITTEN_PATH = `/tts-models/${KITTEN}.tar.bz2`;

const STALL_SECONDS = 5;

let server: RunningServer;
let mirror: ModelMirror;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sayso-e2e-one-click-'));
  mirror = await startModelMirror();
  server = await startServer({
    env: {
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      MODEL_DOWNLOAD_BASE_URL: mirror.baseUrl,
      // A stall ends the download after a few seconds here; the 30 s default is timed in test/models/download.test.ts.
      MODEL_DOWNLOAD_STALL_SECONDS: String(STALL_SECONDS),
      SIGN_IN_ATTEMPTS_PER_MINUTE: '100',
      SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000',
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await mirror?.close();
  await rm(work, { recursive: true, force: true });
});

async function openModels(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/admin-panel`);
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Models' }).click();
  await page.getByRole('heading', { name: 'Speech models' }).waitFor();
}

const installed = (page: Page) => page.getByRole('region', { name: 'Installed on this server' });
const installs = (page: Page) => page.getByRole('region', { name: 'Installs' });

/** What the models folder holds, staging included: nothing may be left of a failed or cancelled install. */
async function modelsFolder(): Promise<string[]> {
  const top = await readdir(path.join(server.dataDir, 'models')).catch(() => []);
  const incoming = await readdir(path.join(server.dataDir, 'models', '.incoming')).catch(() => []);
  // Hidden folders are the manager's own (.incoming, .trash, the shared .espeak-ng-data); staging is listed inside.
  return [...top.filter((name) => !name.startsWith('.')), ...incoming];
}

describe('one-click model installs', () => {
  it('installs Kokoro with one click, live on every staff page, and a new user’s studio speaks it without a restart', async () => {
    await writeStandInKokoroModel(path.join(work, KOKORO));
    const archive = tarGzToBzip2(await archiveOfFolder(path.join(work, KOKORO), KOKORO));
    // Slow enough to watch: about five seconds.
    mirror.serve(KOKORO_PATH, archive, { bytesPerSecond: Math.ceil(archive.length / 5) });

    const staff = await newPage({ width: 1280, height: 900 });
    await openModels(staff);
    const phone = await newPage({ width: 390, height: 844 });
    await openModels(phone);

    await staff.getByRole('button', { name: `Install ${KOKORO}`, exact: true }).click();
    const bar = staff.getByRole('progressbar', { name: `Download of ${KOKORO}` });
    await bar.waitFor();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await bar.getAttribute('aria-valuetext')).toMatch(/of \d.* MB/);
    // The other staff page sees the same job without being touched.
    await phone.getByRole('progressbar', { name: `Download of ${KOKORO}` }).waitFor({ timeout: 10_000 });

    await installed(staff).getByRole('row').filter({ hasText: KOKORO }).waitFor({ timeout: 90_000 });
    await installs(staff).waitFor({ state: 'detached' });
    const row = staff.getByRole('region', { name: 'Catalogue' }).getByRole('row').filter({ hasText: KOKORO });
    await row.getByText('Installed').waitFor();
    await staff
      .getByRole('region', { name: 'Speech engines' })
      .getByText('Serves preset voices (/dashboard2)')
      .waitFor();
    await screenshot(staff, 'one-click-kokoro-installed');

    const user = await newPage({ width: 1280, height: 900 });
    await user.goto(`${server.baseUrl}/`);
    const popup = await openSignInPopup(user, () =>
      user.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
    );
    await signUpLocally(popup, `${uniqueName('oneclick')}@example.test`, 'correct horse battery');
    await popup.waitForEvent('close');
    await user.waitForURL((url) => url.pathname === '/dashboard');
    await user.goto(`${server.baseUrl}/dashboard2`);
    await user.getByRole('heading', { name: 'Preset voices' }).waitFor();
    // Nobody chooses a voice: the studio arrives with the best installed one, Kokoro's (neural before eSpeak).
    // The choice is made once the voice list has loaded, which is spaced behind the page's other calls.
    await user.getByRole('button', { name: /Heart/ }).first().waitFor({ timeout: 20_000 });
    await user.getByLabel('Your text').fill('A natural voice, installed with one click.');
    await user.getByRole('button', { name: 'Generate Voice' }).click();
    const audio = user.getByTestId('result-audio');
    await audio.waitFor({ state: 'attached', timeout: 90_000 });
    await expect
      .poll(() => audio.evaluate((element) => (element as HTMLAudioElement).duration), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    const history = (await user.evaluate(async () => (await fetch('/api/history')).json())) as {
      items: { engine: string }[];
    };
    expect(history.items[0]?.engine).toBe('sherpa');
  }, 240_000);

  it('cancels a running install and leaves nothing behind; the page shows progress at 1280 and 390 px', async () => {
    // Bytes that are no archive: the install is cancelled long before they would be unpacked.
    mirror.serve(KITTEN_PATH, randomBytes(20_000_000), { bytesPerSecond: 400_000 });
    const staff = await newPage({ width: 1280, height: 900 });
    await openModels(staff);
    await staff.getByRole('button', { name: `Install ${KITTEN}`, exact: true }).click();
    const bar = staff.getByRole('progressbar', { name: `Download of ${KITTEN}` });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(1);
    await staff.getByRole('button', { name: `Installing ${KITTEN}`, exact: true }).waitFor();
    await installs(staff).scrollIntoViewIfNeeded();
    await screenshot(staff, 'one-click-running-1280', { fullPage: false });

    const phone = await newPage({ width: 390, height: 844 });
    await openModels(phone);
    await phone.getByRole('progressbar', { name: `Download of ${KITTEN}` }).waitFor();
    await screenshot(phone, 'one-click-running-390', { fullPage: false });
    await phone.getByRole('region', { name: 'Catalogue' }).scrollIntoViewIfNeeded();
    await screenshot(phone, 'one-click-catalogue-390', { fullPage: false });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await expectAccessible(staff);

    await staff.getByRole('button', { name: `Cancel installing ${KITTEN}` }).click();
    await installs(staff).getByText('Cancelled; nothing was installed.').waitFor({ timeout: 15_000 });
    await staff.getByRole('button', { name: `Install ${KITTEN}`, exact: true }).waitFor();
    expect(await modelsFolder()).toEqual([KOKORO]);
    await staff.getByRole('button', { name: `Dismiss the install of ${KITTEN}` }).click();
    await installs(staff).waitFor({ state: 'detached' });
  }, 120_000);

  it('ends a stalled download with the error after the stall timeout, and a cut download completes on retry', async () => {
    const denoiser = Buffer.from(standInGtcrnModel());
    mirror.serve(DENOISER_PATH, denoiser, { stallAfter: 100 });
    const staff = await newPage({ width: 1280, height: 900 });
    await openModels(staff);
    await staff.getByRole('button', { name: `Install ${DENOISER}`, exact: true }).click();
    const error = installs(staff).getByRole('alert');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toBe(
      `No data from ${new URL(mirror.baseUrl).host} for ${STALL_SECONDS} s; the download was stopped and nothing was installed.`,
    );
    expect(await modelsFolder()).toEqual([KOKORO]);
    await installs(staff).scrollIntoViewIfNeeded();
    await screenshot(staff, 'one-click-stalled', { fullPage: false });

    // The mirror recovers but cuts the connection halfway: Retry resumes it with a Range request.
    const half = Math.floor(denoiser.length / 2);
    mirror.serve(DENOISER_PATH, denoiser, { cutAfter: half });
    const before = mirror.requests.length;
    await installs(staff)
      .getByRole('button', { name: `Retry installing ${DENOISER}` })
      .click();
    await installed(staff).getByRole('row').filter({ hasText: DENOISER }).waitFor({ timeout: 60_000 });
    expect(mirror.requests.slice(before).map((request) => request.range)).toEqual([null, `bytes=${half}-`]);
    // The installer removes its staging folder just after the engines reload, which the page may
    // show first on a busy machine: polled, so nothing is left behind a moment later.
    await expect
      .poll(async () => (await modelsFolder()).sort(), { timeout: 10_000 })
      .toEqual([DENOISER, KOKORO].sort());
  }, 120_000);
});
