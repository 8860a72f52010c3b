import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { adminSession } from '../support/staff.js';
import { generateInPresetStudio, signUp } from '../support/studios.js';

const { newPage, baseUrl } = useBrowser();

/** How far the page scrolls sideways: 0 when everything fits the viewport's width. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Looks at the page at both widths: nothing scrolls sideways, axe finds nothing serious, a screenshot each. */
async function checkBothWidths(page: Page, name: string) {
  for (const [label, viewport] of [
    ['390', VIEWPORTS.mobile],
    ['1280', VIEWPORTS.desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await screenshot(page, `said-but-not-so-${name}-${label}`);
  }
}

describe('said but not so (issue 40)', () => {
  it('the blog: a card opens its article, and a subscriber reaches the staff export', {
    timeout: 120_000,
  }, async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await page.goto('/blogs');
    const firstCard = page.getByRole('article').first();
    const title = (await firstCard.getByRole('heading').innerText()).trim();
    await firstCard.getByRole('link', { name: title }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/blogs/'));
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await checkBothWidths(page, 'blog-article');

    await page.goto('/blogs');
    const email = `reader-${Date.now()}@example.test`;
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('status').filter({ hasText: 'You are subscribed' }).waitFor();
    await checkBothWidths(page, 'blog-subscribed');

    const cookie = await adminSession(baseUrl);
    const csv = await fetch(`${baseUrl}/api/admin/newsletter/subscribers.csv`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(`${email},`);
  });

  it('pricing, the studios and the timeline say what they do before the button is pressed', {
    timeout: 240_000,
  }, async () => {
    const page = await newPage(VIEWPORTS.desktop, { locale: 'en-US' });
    await signUp(page, 'truthful');

    // /pricing: a bullet list of its own on each card; a pack above the balance cannot be confirmed.
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Buy Now' }).first().waitFor();
    const lists = await page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.textContent));
    expect(new Set(lists).size).toBe(6);
    await checkBothWidths(page, 'pricing');
    await page.getByRole('button', { name: 'Buy Now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
    await dialog.getByTestId('purchase-balance-short').waitFor();
    expect(await dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await checkBothWidths(page, 'pricing-balance-short');
    await page.keyboard.press('Escape');

    // /dashboard2: the limit is shown, and a longer text cannot be sent.
    await page.goto('/dashboard2');
    await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
    await page.getByRole('button', { name: /Change$/ }).waitFor();
    await page.getByLabel('Your text').fill('a'.repeat(50_001));
    await page
      .getByTestId('generate-blocker')
      .filter({ hasText: 'Text exceeds maximum length of 50,000 characters' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Generate Voice' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('character-count').innerText()).toBe('50,001 / 50,000 characters');
    await page.getByLabel('Your text').fill('');
    await checkBothWidths(page, 'preset-limit');

    // /dashboard3: eSpeak alone here, so Noise Reduction is off, disabled and explained.
    await page.goto('/dashboard3');
    const noise = page.getByRole('switch', { name: 'Noise Reduction' });
    await expect.poll(() => noise.isDisabled(), { timeout: 15_000 }).toBe(true);
    expect(await noise.isChecked()).toBe(false);
    expect(await page.getByTestId('noise-reduction-hint').innerText()).toContain('no denoiser is installed');
    await checkBothWidths(page, 'clone-noise');

    // The timeline: an unchanged sentence on eSpeak is not offered for regeneration.
    await page.setViewportSize(VIEWPORTS.desktop);
    await generateInPresetStudio(page, 'One sentence here. And another one there.');
    await page.goto('/history');
    const item = page.getByTestId('history-item').first();
    await expect.poll(() => item.getByTestId('history-status').innerText(), { timeout: 30_000 }).toBe('Done');
    await item.getByRole('link', { name: /^Open timeline/ }).click();
    await page.getByRole('button', { name: 'Regenerate sentence 1' }).click();
    await page.getByTestId('unchanged-sentence').waitFor();
    expect(await page.getByRole('button', { name: /^Regenerate \(/ }).isDisabled()).toBe(true);
    await checkBothWidths(page, 'timeline-unchanged');
  });
});
