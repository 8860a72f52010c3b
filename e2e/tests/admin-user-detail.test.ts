import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueName } from '../support/accounts.js';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { E2E_ADMIN } from '../support/staff.js';

const { newPage, baseUrl } = useBrowser();

const PASSWORD = 'correct horse battery';

/** Signs a local user up in the page's own context, so the page holds their session. */
async function signUpInPage(page: Page, name: string): Promise<string> {
  const email = `${uniqueName('detail')}@example.test`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseUrl },
    data: { email, password: PASSWORD, name },
  });
  expect(response.status()).toBe(200);
  // /api/me sets the session-user cookie the dashboards look for, as the sign-in popup's page does.
  expect((await page.request.get('/api/me')).status()).toBe(200);
  return email;
}

async function signUpOverHttp(name: string): Promise<string> {
  const email = `${uniqueName('detail')}@example.test`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: PASSWORD, name }),
  });
  expect(response.status).toBe(200);
  return email;
}

async function openPanel(page: Page): Promise<void> {
  await page.goto('/admin-panel');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
}

/** Nothing on the page is wider than the window. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Where the element's text wraps, as the characters either side of each line break (found by the
 * top of each character's box). Text that wraps only after a separator gives pairs like "/|o".
 */
function lineBreaks(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const breaks: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let previous: { char: string; top: number } | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        const char = text[i] ?? '';
        if (previous && rect.top > previous.top + rect.height / 2) breaks.push(`${previous.char}|${char}`);
        previous = { char, top: rect.top };
      }
    }
    return breaks;
  });
}

/** Every wrap falls right after a separator or a space, never between two letters or digits. */
const wrapsOnlyAfterSeparators = (breaks: string[]) => breaks.every((pair) => /^[-_./:?&=\s]\|/.test(pair));

describe('admin user view', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows a top-up with its payment reference, suspends and reinstates, at ${size} size`, async () => {
      const name = `Detail ${size} ${uniqueName('u')}`;
      const email = await signUpOverHttp(name);
      const page = await newPage(viewport);
      await openPanel(page);
      await page.getByLabel('Search users').fill(email);
      await page.getByRole('link', { name }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await expect.poll(() => sidewaysScroll(page)).toBe(0);

      // A top-up from the user's own page, with the reference of the payment it follows.
      const reference = `JazzCash TX ${size.toUpperCase()}-88412`;
      await page.getByRole('button', { name: 'Add Balance', exact: true }).click();
      const add = page.getByRole('dialog', { name: 'Add Balance' });
      await add.getByLabel('Amount (PKR)').fill('1500');
      await add.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => add.getByRole('alert').innerText()).toBe('Please enter the payment reference');
      await add.getByLabel('Payment reference').fill(reference);
      await add.getByRole('button', { name: 'Continue' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Balance Addition' });
      expect(await confirm.locator('dl').innerText()).toMatch(new RegExp(`Payment reference\\s+${reference}`));
      await confirm.getByRole('button', { name: 'Confirm' }).click();

      const ledger = page.getByRole('region', { name: 'Ledger' });
      // By tag: on a phone the table is stacked into cards, where browsers may drop its row roles.
      const topUp = ledger.locator('tr').filter({ hasText: reference });
      await topUp.waitFor();
      expect(await topUp.innerText()).toMatch(/Top-up[\s\S]*\+1,500 PKR/);
      await expect
        .poll(() => page.getByText('Balance', { exact: true }).locator('..').innerText())
        .toMatch(/1,500 PKR/);
      await expect.poll(() => sidewaysScroll(page)).toBe(0);
      await screenshot(page, `admin-user-detail-${size}`);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Suspend', exact: true }).click();
      const suspend = page.getByRole('dialog', { name: 'Suspend user' });
      await expectAccessible(page);
      await suspend.getByRole('button', { name: 'Suspend' }).click();
      await page.getByText('Suspended', { exact: true }).waitFor();
      const refused = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(refused.status).toBe(403);
      await page.getByRole('button', { name: 'Reinstate', exact: true }).click();
      await page.getByRole('dialog', { name: 'Reinstate user' }).getByRole('button', { name: 'Reinstate' }).click();
      await page.getByText('Active', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Make reset link' }).click();
      const link = await page.getByLabel('One-time link').inputValue();
      expect(new URL(link).pathname).toBe('/reset-password');
      await expectAccessible(page);
    });
  }

  it('ends a suspended user’s open page session at once', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    const email = await signUpInPage(page, 'Soon Suspended');
    expect((await page.request.get('/api/me')).status()).toBe(200);
    const staff = await newPage(VIEWPORTS.desktop);
    await openPanel(staff);
    await staff.getByLabel('Search users').fill(email);
    await staff.getByRole('link', { name: 'Soon Suspended' }).click();
    await staff.getByRole('button', { name: 'Suspend', exact: true }).click();
    await staff.getByRole('dialog', { name: 'Suspend user' }).getByRole('button', { name: 'Suspend' }).click();
    await staff.getByText('Suspended', { exact: true }).waitFor();
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  it('wraps model ids and download addresses only after separators, and keeps the catalogue on a phone', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await openPanel(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Models' }).click();
    const catalogue = page.getByRole('region', { name: 'Catalogue' });
    await catalogue.getByText('kokoro-multi-lang-v1_0', { exact: true }).waitFor();
    await expect.poll(() => sidewaysScroll(page)).toBe(0);
    // Nothing in the catalogue is cut off at its right edge.
    const clipped = await catalogue.evaluate((section) => {
      const edge = section.getBoundingClientRect().right;
      return Array.from(section.querySelectorAll('td, th, a, button, div'))
        .filter((element) => element.getBoundingClientRect().width > 0)
        .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
        .map((element) => element.textContent?.slice(0, 40));
    });
    expect(clipped).toEqual([]);
    const ids = catalogue.locator('.font-mono');
    const addresses = catalogue.getByTitle('The address the archive is downloaded from');
    let wrapped = 0;
    for (const text of [...(await ids.all()), ...(await addresses.all())]) {
      const breaks = await lineBreaks(text);
      wrapped += breaks.length;
      expect(wrapsOnlyAfterSeparators(breaks), `${await text.innerText()}: ${breaks.join(' ')}`).toBe(true);
    }
    // The addresses are longer than a phone's line, so the check above saw real wraps.
    expect(wrapped).toBeGreaterThan(0);
    await screenshot(page, 'admin-models-catalogue-phone');
  });

  it('wraps the API base URLs only after separators on a phone', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await signUpInPage(page, 'Base URL Reader');
    await page.goto('/dashboard/api-keys');
    const quickStart = page.getByRole('region', { name: 'Quick start' });
    await quickStart.waitFor();
    // A narrower phone too, where the addresses must wrap.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await expect.poll(() => sidewaysScroll(page)).toBe(0);
      for (const url of await quickStart.locator('code').all()) {
        const breaks = await lineBreaks(url);
        expect(wrapsOnlyAfterSeparators(breaks), `${await url.innerText()} at ${width}: ${breaks.join(' ')}`).toBe(
          true,
        );
      }
    }
    await screenshot(page, 'api-keys-base-urls-phone');
  });
});
