import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installStandIn } from '../../apps/server/test/helpers/sherpa-stand-ins/install.js';
import { writeStandInPiperModel } from '../../apps/server/test/helpers/sherpa-stand-ins/piper.js';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';
import { E2E_ADMIN } from '../support/staff.js';

const { newPage } = useBrowser();

const STAFF_ENV = {
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  SIGN_IN_ATTEMPTS_PER_MINUTE: '100',
  SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000',
};

/** A fresh install: eSpeak only, no CHAT_NUMBER, the placeholder support address. */
let bare: RunningServer;
/** A finished one: a natural voice installed, a chat number and a real support address. */
let configured: RunningServer;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sayso-e2e-setup-'));
  const modelsDir = path.join(work, 'models');
  await installStandIn(modelsDir, 'vits-piper-en_US-amy-low', 'vits', (folder) =>
    writeStandInPiperModel(folder, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
  );
  // One after the other: two servers starting at once on a busy two-core machine outlast the health wait.
  bare = await startServer({ env: STAFF_ENV });
  configured = await startServer({
    env: { ...STAFF_ENV, MODELS_DIR: modelsDir, CHAT_NUMBER: '923001234567', SUPPORT_EMAIL: 'help@voice.example' },
  });
}, 180_000);

afterAll(async () => {
  await Promise.all([bare?.stop(), configured?.stop()]);
  await rm(work, { recursive: true, force: true });
});

async function openAdminPanel(page: Page, server: RunningServer) {
  await page.goto(`${server.baseUrl}/admin-panel`);
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const checklist = page.getByTestId('setup-checklist');
  await checklist.waitFor();
  return checklist;
}

async function signUp(page: Page, server: RunningServer) {
  await page.goto(`${server.baseUrl}/`);
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, `${uniqueName('setup')}@example.test`, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

describe('the first-run setup checklist', () => {
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', VIEWPORTS.mobile],
  ] as const) {
    it(`tells staff on a fresh install what is missing and what to do (${size})`, async () => {
      const page = await newPage(viewport);
      const checklist = await openAdminPanel(page, bare);
      await checklist.getByRole('heading', { name: 'Finish setting up' }).waitFor();
      const text = (await checklist.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('Install natural voices on the Models page');
      expect(text).toContain('Set CHAT_NUMBER');
      expect(text).toContain('support@sayso.local, a placeholder');
      expect(text).toContain('Cloud providers (optional)');
      await screenshot(page, `setup-checklist-${size}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await expectAccessible(page);
      await checklist.getByRole('link', { name: 'Open the Models page' }).first().click();
      await page.getByRole('heading', { name: 'Speech models' }).waitFor();
    });
  }

  it('collapses to "Setup complete" once everything is done, and opens again on request', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    const checklist = await openAdminPanel(page, configured);
    await checklist.getByRole('heading', { name: 'Setup complete' }).waitFor();
    expect(await checklist.getByRole('listitem').count()).toBe(0);
    await screenshot(page, 'setup-checklist-complete', { fullPage: false });
    await checklist.getByRole('button', { name: 'Show checklist' }).click();
    expect(await checklist.getByRole('listitem').count()).toBe(6);
  });
});

describe('without a chat number', () => {
  it('Top Up says online payment is not set up and gives the support address, at 1280 and 390 px', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await signUp(page, bare);
    for (const [size, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', VIEWPORTS.mobile],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${bare.baseUrl}/dashboard`);
      await page.getByRole('button', { name: /^Balance/ }).click();
      const menu = page.getByRole('menu');
      const notice = menu.getByTestId('payment-not-set-up');
      expect((await notice.innerText()).replace(/\s+/g, ' ')).toContain(
        'Online payment is not set up yet. To top up, email our team at support@sayso.local',
      );
      const email = menu.getByRole('menuitem', { name: 'Email us to top up' });
      expect(await email.getAttribute('href')).toMatch(/^mailto:support@sayso\.local\?subject=/);
      expect(await menu.getByRole('menuitem', { name: 'Top Up', exact: true }).count()).toBe(0);
      await screenshot(page, `top-up-without-chat-${size}`, { fullPage: false });
      await page.keyboard.press('Escape');

      await page.goto(`${bare.baseUrl}/pricing`);
      await page.getByTestId('payment-not-set-up').waitFor();
      expect(await page.getByRole('link', { name: /WhatsApp/ }).count()).toBe(0);
      await page.getByTestId('payment-not-set-up').scrollIntoViewIfNeeded();
      await screenshot(page, `pricing-without-chat-${size}`, { fullPage: false });
    }
  });
});

describe('landing copy', () => {
  it('promises a human-sounding voice only where natural voices are installed', async () => {
    const page = await newPage();
    await page.goto(`${bare.baseUrl}/`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Turn your text into clear speech in many languages');
    await screenshot(page, 'landing-built-in-voices', { fullPage: false });
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'landing-built-in-voices-phone', { fullPage: false });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${configured.baseUrl}/`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Turn your text into a voice that sounds human');
    expect(await page.title()).toBe('Text to human-sounding voice - Sayso');
  });
});
