import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from '../support/browser.js';
import { E2E_ADMIN } from '../support/staff.js';

const { newPage } = useBrowser();

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

const SECTIONS = ['Speech engines', 'Speech queue', 'Database', 'Storage', 'Models', 'Versions'] as const;

const isHealthReport = (url: string) => new URL(url).pathname === '/api/admin/health';

/** Logs the operator in on the panel and opens Health from the top bar, as staff do. */
async function openHealth(page: Page): Promise<void> {
  await page.goto('/admin-panel');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Health' }).click();
  await page.waitForURL((url) => url.pathname === '/admin-panel/health');
  await page.getByRole('heading', { level: 1, name: 'Health' }).waitFor();
  await page.getByRole('region', { name: 'All good' }).waitFor();
}

/** Waits until entrance transitions have ended, so axe does not judge colours half-way through one. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

describe('the admin Health page', () => {
  for (const size of SIZES) {
    it(`shows every part of the server in plain words, live, at ${size.width} px`, async () => {
      const page = await newPage(size);
      await openHealth(page);

      for (const name of SECTIONS) {
        await expect.poll(() => page.getByRole('region', { name, exact: true }).isVisible()).toBe(true);
      }
      const engines = page.getByRole('region', { name: 'Speech engines' });
      await expect.poll(() => engines.innerText()).toContain('eSpeak NG');
      const database = page.getByRole('region', { name: 'Database', exact: true });
      expect(await database.innerText()).toMatch(/PostgreSQL \d+/);
      const versions = page.getByRole('region', { name: 'Versions' });
      expect(await versions.innerText()).toMatch(/Node\.js\s+v\d+\.\d+\.\d+/);
      expect(await versions.innerText()).toMatch(/Memory in use\s+\d+(\.\d)? MB/);

      // Live: the page reads the report again by itself within a few seconds.
      const next = await page.waitForResponse((response) => isHealthReport(response.url()), { timeout: 15_000 });
      expect(next.status()).toBe(200);
      await expect.poll(() => page.getByTestId('health-updated').innerText()).toMatch(/^Updated /);

      // Nothing is wider than the screen: long paths and reasons wrap.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);

      await settle(page);
      await page.screenshot({ path: `/tmp/health-${size.width}.png`, fullPage: true, animations: 'disabled' });
      await screenshot(page, `admin-health-${size.width}`);
      await expectAccessible(page);
    });
  }

  it('is reached and refreshed with the keyboard alone', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await openHealth(page);
    const refresh = page.getByRole('button', { name: 'Refresh' });
    // Tab from the top of the page until Refresh has focus: it is in the tab order, after the top bar.
    await page.locator('body').focus();
    let steps = 0;
    while (!(await refresh.evaluate((button) => button === document.activeElement)) && steps < 20) {
      await page.keyboard.press('Tab');
      steps += 1;
    }
    expect(steps).toBeLessThan(20);
    // Right after an automatic read the next one is 5 s away, so a read within 3 s is Enter's.
    await page.waitForResponse((response) => isHealthReport(response.url()), { timeout: 15_000 });
    const answered = page.waitForResponse((response) => isHealthReport(response.url()), { timeout: 3_000 });
    await page.keyboard.press('Enter');
    expect((await answered).status()).toBe(200);
  });

  it('is a page the server knows: a direct visit answers 200, and shows the login form to a stranger', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    const response = await page.goto('/admin-panel/health');
    expect(response?.status()).toBe(200);
    await page.getByLabel('Username').waitFor();
  });
});
