import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { connectChromium } from './chromium.js';
import { workerServer } from './worker-server.js';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../artifacts/screenshots');

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * The run's Chromium (started once by global-setup) for the test file; each test opens its own
 * context through `newPage`, on the file's worker-slot server (`baseUrl`, support/worker-server.ts).
 * Closing the connection closes the file's contexts, not Chromium.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  beforeAll(async () => {
    browser = await connectChromium(inject('browserEndpoint'));
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
  const { baseUrl } = workerServer();
  return {
    baseUrl,
    /** A page in a context of its own; `locale` sets the browser's language (navigator.language and Intl's default). */
    async newPage(
      viewport: { width: number; height: number } = VIEWPORTS.desktop,
      { locale }: { locale?: string } = {},
    ): Promise<Page> {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({ viewport, baseURL: baseUrl, ...(locale ? { locale } : {}) });
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

/** Whether the whole element lies in the visible part of the page, below the sticky header (`headerHeight` px: h-16 and its border). */
export function isInViewport(locator: Locator, headerHeight = 65): Promise<boolean> {
  return locator.evaluate((element, header) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= header && box.bottom <= window.innerHeight;
  }, headerHeight);
}

/** The accessible name of the element that has keyboard focus (its aria-label, else its text). */
export function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    return active.getAttribute('aria-label') ?? active.textContent?.trim() ?? null;
  });
}

/** Saves a PNG for people to look at; `fullPage: false` keeps just the viewport (for open dialogs and menus). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now, one
 * line each: the page's path, the rule id, what the rule asks for and the elements that break it.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  const where = new URL(page.url()).pathname;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where} ${v.id} (${v.impact}): ${v.help} [${v.nodes.map((n) => n.target.join(' ')).join(', ')}]`);
}

/** Fails on any serious or critical accessibility violation that axe-core finds. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

/**
 * A download's bytes. The browser is shared over a connection (global-setup), where Playwright
 * keeps the file on the browser's side and `download.path()` is refused; its stream works both ways.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
