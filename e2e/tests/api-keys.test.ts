import OpenAI from 'openai';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { chooseFromAccountMenu } from '../support/studios.js';

const { newPage, baseUrl } = useBrowser();

const DESKTOP = { width: 1280, height: 900 } as const;
const INPUT = 'Hello from the API keys test.';
const KEY_NAME = 'Audiobook script';

/** Signs a new local account up from the landing page and waits for /dashboard. */
async function signUp(page: Page): Promise<void> {
  await page.goto('/');
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, `${uniqueName('keys')}@example.test`, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

/** The value shown under one of a key's labels ("Last used", "Characters this month"). */
const fact = (row: Locator, term: string) =>
  row.locator('dl > div', { has: row.page().locator('dt', { hasText: term }) }).locator('dd');

/** Nothing on the page is wider than the window. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * A full-page screenshot from the top: taken while scrolled, the sticky header would be drawn
 * halfway down the picture.
 */
async function pageShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, name);
}

const speak = (secret: string) =>
  new OpenAI({ apiKey: secret, baseURL: `${baseUrl}/openai/v1`, maxRetries: 0 }).audio.speech.create({
    model: 'tts-1',
    voice: 'alloy',
    input: INPUT,
  });

describe('the API keys page', () => {
  it('creates a key whose secret shows once, sees the OpenAI SDK use it, and revokes it', async () => {
    const page = await newPage(DESKTOP);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(page);

    // Reached from the account menu in the top bar, once the account has loaded.
    await page.getByRole('banner').getByRole('button', { name: '10,000 credits' }).waitFor();
    await chooseFromAccountMenu(page, 'API keys');
    await page.waitForURL((url) => url.pathname === '/dashboard/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await expect.poll(() => page.title()).toBe('API keys - Sayso');
    await page.getByText('No API keys yet').waitFor();
    const quickStart = page.getByRole('region', { name: 'Quick start' });
    expect(await quickStart.innerText()).toContain(`${baseUrl}/openai/v1`);
    expect(await quickStart.innerText()).toContain(`${baseUrl}/elevenlabs`);
    await pageShot(page, 'api-keys-empty-desktop');

    // Create: every scope is ticked to start with; the secret shows once, in its own panel.
    await page.getByLabel('Name').fill(KEY_NAME);
    for (const scope of ['Speech', 'Read voices', 'Manage voices']) {
      expect(await page.getByRole('checkbox', { name: new RegExp(scope) }).isChecked()).toBe(true);
    }
    await page.getByRole('button', { name: 'Create key' }).click();
    const panel = page.getByRole('region', { name: `Your new key "${KEY_NAME}"` });
    const secret = (await panel.locator('code').innerText()).trim();
    expect(secret).toMatch(/^sk_sayso_[\w-]{20,}$/);
    expect(await panel.innerText()).toContain('It will not be shown again.');
    await panel.getByRole('button', { name: 'Copy API key' }).click();
    await panel.getByRole('button', { name: 'Copied API key' }).filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const row = page.getByRole('listitem', { name: KEY_NAME });
    await row.waitFor();
    expect(await row.locator('code').innerText()).toBe(`${secret.slice(0, 15)}…`);
    expect(await fact(row, 'Last used').innerText()).toBe('Never');
    expect(await fact(row, 'Characters this month').innerText()).toBe('0');
    await pageShot(page, 'api-keys-created-desktop');
    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await pageShot(page, 'api-keys-created-mobile');
    await page.setViewportSize(DESKTOP);

    // After a reload the secret is nowhere: not in the page, not in the browser's storage.
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(
      await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie])),
    ).not.toContain(secret);

    // The signing secret stays hidden until revealed.
    const signing = page.getByRole('region', { name: 'Callback signing secret' });
    const signingSecret = signing.getByTestId('signing-secret');
    expect(await signingSecret.innerText()).toMatch(/^•+$/);
    await signing.getByRole('button', { name: 'Reveal' }).click();
    await expect.poll(() => signingSecret.innerText()).toMatch(/^[^•\s]{16,}$/);

    // The official OpenAI SDK speaks with the key.
    const speech = await speak(secret);
    expect(speech.headers.get('content-type')).toMatch(/^audio\//);
    expect((await speech.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // Coming back to the tab refreshes the list: last used is set and the characters counted.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => fact(row, 'Characters this month').innerText()).toBe(String(INPUT.length));
    expect(await fact(row, 'Last used').innerText()).not.toBe('Never');
    expect(await fact(row, 'Last used').locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    await pageShot(page, 'api-keys-used-desktop');

    await page.setViewportSize(VIEWPORTS.mobile);
    await row.waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await pageShot(page, 'api-keys-used-mobile');

    // Revoke, after a confirmation; the SDK's next call is refused with a 401.
    await row.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
    await dialog.waitFor();
    await screenshot(page, 'api-keys-revoke-dialog-mobile', { fullPage: false });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await pageShot(page, 'api-keys-revoked-mobile');

    const refused = await speak(secret).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(refused).toMatchObject({ status: 401 });

    await page.setViewportSize(DESKTOP);
    await pageShot(page, 'api-keys-revoked-desktop');
    await expectAccessible(page);
  });

  it('shows problems beside the form before sending anything', async () => {
    const page = await newPage(DESKTOP);
    await signUp(page);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto('/dashboard/api-keys');
    await page.getByText('No API keys yet').waitFor();
    await page.getByRole('checkbox', { name: /Speech/ }).uncheck();
    await page.getByRole('checkbox', { name: /Read voices/ }).uncheck();
    await page.getByRole('checkbox', { name: /Manage voices/ }).uncheck();
    await page.getByLabel(/Monthly character cap/).fill('0');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Choose at least one scope').waitFor();
    await page.getByText('The monthly cap must be greater than 0').waitFor();
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('No API keys yet').isVisible()).toBe(true);
    await pageShot(page, 'api-keys-form-problems-mobile');
    await expectAccessible(page);
  });
});
