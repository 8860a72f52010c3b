import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from './chromium.js';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../artifacts/screenshots');

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** One Chromium for the test file; each test opens its own context through `newPage`. */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  // A script error in the page fails the test that caused it. The test's pages are closed after
  // it: pages left open keep animating and slowed every later test of the file.
  afterEach(async () => {
    const errors = pageErrors.splice(0);
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    expect(errors).toEqual([]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  const baseUrl = inject('baseUrl');
  return {
    baseUrl,
    async newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({ viewport, baseURL: baseUrl });
      contexts.push(context);
      // Tests never leave the machine: anything not on loopback (a web font, say) is refused.
      await context.route(
        (url) => !LOOPBACK_HOSTS.has(url.hostname),
        (route) => route.abort('blockedbyclient'),
      );
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return page;
    },
  };
}

/** Saves a PNG for people to look at; `fullPage: false` keeps just the viewport (for open dialogs and menus). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

/** Fails on any serious or critical accessibility violation that axe-core finds. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}
