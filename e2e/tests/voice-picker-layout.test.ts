import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';

const { newPage } = useBrowser();

/** Signs a new user up at desktop width (a phone's header keeps Login in its menu), then opens the picker at `viewport`. */
async function openVoicePicker(page: Page, viewport: { width: number; height: number }): Promise<Locator> {
  await page.goto('/');
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, `${uniqueName('picker')}@example.test`, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.setViewportSize(viewport);
  await page.goto('/dashboard2');
  await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
  // The voice button says "Browse" until a voice is chosen, "Change" after (a voice may be chosen on arrival).
  await page.getByRole('button', { name: /(Browse|Change)$/ }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: /^Ava/ }).waitFor();
  return modal;
}

interface RowLayout {
  name: string;
  details: string;
  /** The details line is cut off (ellipsis) rather than shown whole. */
  detailsTruncated: boolean;
  /** The language dropdown's box and the details line's box share some area. */
  overlaps: boolean;
  /** The dropdown is narrower than it needs to be to show its chosen label whole. */
  labelClipped: boolean;
}

/**
 * Measures every voice row that lies fully inside the visible part of the list and has a language
 * dropdown. A select's scrollWidth never exceeds its clientWidth, so its label counts as clipped when
 * a copy holding only the chosen option, free to size itself, comes out wider than the real one.
 */
function measureRows(modal: Locator): Promise<RowLayout[]> {
  return modal.getByTestId('voice-list').evaluate((list) => {
    const area = list.getBoundingClientRect();
    const rows = Array.from(list.querySelectorAll('li')).filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= area.top && box.bottom <= area.bottom && row.querySelector('select');
    });
    return rows.map((row) => {
      const select = row.querySelector('select') as HTMLSelectElement;
      const details = row.querySelector('[data-testid="voice-details"]') as HTMLElement;
      const a = select.getBoundingClientRect();
      const b = details.getBoundingClientRect();
      const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const probe = document.createElement('select');
      probe.className = select.className;
      probe.style.cssText = 'position:absolute;visibility:hidden;width:auto;max-width:none;min-width:0';
      const chosen = select.selectedOptions[0];
      probe.append(new Option(chosen?.textContent ?? ''));
      row.append(probe);
      const labelClipped = probe.getBoundingClientRect().width > a.width + 0.5;
      probe.remove();
      return {
        name: row.querySelector('[data-testid="voice-name"]')?.textContent ?? '',
        details: details.textContent ?? '',
        detailsTruncated: details.scrollWidth > details.clientWidth,
        overlaps,
        labelClipped,
      };
    });
  });
}

describe('voice picker layout', () => {
  it("at 390 px, keeps each voice's accent and gender readable beside a language dropdown whose label shows whole", async () => {
    const page = await newPage();
    const modal = await openVoicePicker(page, VIEWPORTS.mobile);
    await screenshot(page, 'voice-picker-390', { fullPage: false });

    const rows = await measureRows(modal);
    // The English voices at the top of the list each speak several languages.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.details, row.name).toMatch(/· (female|male)$/);
      expect({ name: row.name, overlaps: row.overlaps }).toEqual({ name: row.name, overlaps: false });
      expect({ name: row.name, truncated: row.detailsTruncated }).toEqual({ name: row.name, truncated: false });
      expect({ name: row.name, clipped: row.labelClipped }).toEqual({ name: row.name, clipped: false });
    }

    // Rows further down are laid out the same once scrolled into view.
    await modal.getByTestId('voice-list').evaluate((list) => list.scrollBy(0, 1500));
    await expect.poll(async () => (await measureRows(modal)).length).toBeGreaterThan(0);
    for (const row of await measureRows(modal)) {
      expect({ name: row.name, overlaps: row.overlaps, clipped: row.labelClipped }).toEqual({
        name: row.name,
        overlaps: false,
        clipped: false,
      });
    }
  });

  it('at 1280 px, shows the dropdown beside the voice without covering its details', async () => {
    const page = await newPage();
    const modal = await openVoicePicker(page, { width: 1280, height: 900 });
    await screenshot(page, 'voice-picker-1280', { fullPage: false });
    const rows = await measureRows(modal);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect({
        name: row.name,
        overlaps: row.overlaps,
        truncated: row.detailsTruncated,
        clipped: row.labelClipped,
      }).toEqual({ name: row.name, overlaps: false, truncated: false, clipped: false });
    }
  });
});
