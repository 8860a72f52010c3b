import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, VIEWPORTS } from '../support/browser.js';

const { newPage } = useBrowser();

interface Shift {
  value: number;
  /** What moved, for the failure message: element name and class. */
  sources: string[];
}

/**
 * Starts recording the page's layout shifts before any of its scripts run, the way Chromium
 * reports them to Lighthouse's CLS: each `layout-shift` entry not caused by the visitor's input.
 */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    interface LayoutShiftEntry extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null }[];
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) =>
            source.node instanceof Element
              ? `${source.node.tagName}.${source.node.className}`
              : String(source.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Issue 15: the landing page used to draw a loading screen with the footer right under it, then
 * push the footer out of view when the page's code arrived (CLS 0.28 on a desktop, 0.37 on a
 * phone). This is a check of the layout, not of speed: however fast or slow the machine, the page
 * must settle without visible content jumping around.
 */
describe('landing page layout stability', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`nothing visible moves while the landing page loads (${name}, ${viewport.width} px)`, async () => {
      const page = await newPage(viewport);
      await recordLayoutShifts(page);
      await page.goto('/', { waitUntil: 'networkidle' });
      // Everything that arrives after the first render: the web font and the credit packs.
      await page.evaluate(() => document.fonts.ready);
      await page.getByText('28,000', { exact: false }).first().waitFor();
      // Two frames, so a shift from the last arrival has been laid out and reported.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts);
      // The sum of every shift is at least the CLS Lighthouse reports (its largest five-second window).
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
    });
  }
});
