import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, VIEWPORTS } from '../support/browser.js';
import { generateInPresetStudio, headerCredits, historyShot, overflow, signUp } from '../support/studios.js';

const { newPage } = useBrowser();

const SENTENCES = [
  'The morning train left the station on time.',
  'A small dog watched it from the platform.',
  'Clouds gathered slowly over the hills.',
  'The driver hummed a quiet song.',
  'Fields of wheat rolled past the windows.',
  'A child counted the cows out loud.',
  'The conductor smiled and checked the tickets.',
  'Rain began to tap against the glass.',
  'Everyone reached the city before noon.',
  'The dog was still waiting at home.',
];
const EDITED = 'The driver hummed a long and very cheerful song about the sea.';

/** "01:02.5" in milliseconds. */
const clockMs = (clock: string) => {
  const [minutes = 0, seconds = 0] = clock.split(':').map(Number);
  return Math.round((minutes * 60 + seconds) * 1000);
};

const startTimes = async (page: Page) =>
  (await page.getByTestId('sentence-start').allInnerTexts()).map((clock) => clockMs(clock.trim()));

describe('/history/:id, the sentence timeline', () => {
  it('regenerates sentence 4 with edited text, charging exactly its characters, and shifts the later sentences', {
    timeout: 240_000,
  }, async () => {
    const page = await newPage(VIEWPORTS.desktop, { locale: 'en-US' });
    await signUp(page, 'timeline');
    await generateInPresetStudio(page, SENTENCES.join(' '));

    await page.goto('/history');
    const item = page.getByTestId('history-item').first();
    await expect.poll(() => item.getByTestId('history-status').innerText(), { timeout: 30_000 }).toBe('Done');
    await item.getByRole('link', { name: /^Open timeline/ }).click();
    await page.waitForURL((url) => /^\/history\/[a-f0-9]{32}$/.test(url.pathname));
    await expect.poll(() => page.title()).toBe('Timeline - Sayso');

    const rows = page.getByTestId('timeline-sentence');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(10);
    expect((await page.getByTestId('sentence-text').allInnerTexts()).map((text) => text.trim())).toEqual(SENTENCES);
    await page
      .getByText(
        'Unchanged sentences come from the cache, so regenerating is faster, but every sentence is still charged.',
      )
      .waitFor();
    const before = await startTimes(page);
    expect(before[0]).toBe(0);
    for (const [index, start] of before.entries()) if (index > 0) expect(start).toBeGreaterThan(before[index - 1] ?? 0);

    // Sentence 4 plays on its own.
    const fourth = rows.nth(3);
    await fourth.getByRole('button', { name: 'Play sentence 4' }).click();
    await expect
      .poll(() => fourth.getByTestId('sentence-audio').evaluate((el) => (el as HTMLAudioElement).currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await fourth.getByTestId('sentence-audio').evaluate((el) => (el as HTMLAudioElement).pause());

    await historyShot(page, 'timeline-1280');
    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await historyShot(page, 'timeline-390');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Regenerate sentence 4 with edited text.
    const credits = await headerCredits(page);
    await fourth.getByRole('button', { name: 'Regenerate sentence 4' }).click();
    const editor = fourth.getByLabel('Text of sentence 4');
    expect(await editor.inputValue()).toBe(SENTENCES[3]);
    await editor.fill(EDITED);
    const submit = fourth.getByRole('button', { name: `Regenerate (${EDITED.length} credits)` });
    await historyShot(page, 'timeline-editing-1280');
    await submit.click();
    // A refusal shows beside the sentence: report it rather than wait out the poll.
    const shown = async () =>
      (await fourth.getByRole('alert').count())
        ? `refused: ${await fourth.getByRole('alert').innerText()}`
        : (await fourth.getByTestId('sentence-text').innerText()).trim();
    await expect.poll(shown, { timeout: 60_000 }).toBe(EDITED);

    // Charged exactly the new sentence's characters, and the header says so.
    await expect.poll(() => headerCredits(page), { timeout: 10_000 }).toBe(credits - EDITED.length);
    // The other sentences are as they were; the ones after it start later by the same amount.
    const texts = (await page.getByTestId('sentence-text').allInnerTexts()).map((text) => text.trim());
    expect(texts).toEqual([...SENTENCES.slice(0, 3), EDITED, ...SENTENCES.slice(4)]);
    const after = await startTimes(page);
    expect(after.slice(0, 4)).toEqual(before.slice(0, 4));
    const shifts = after.slice(4).map((start, index) => start - (before[index + 4] ?? 0));
    expect(shifts[0]).toBeGreaterThan(0);
    for (const shift of shifts) expect(Math.abs(shift - (shifts[0] ?? 0))).toBeLessThanOrEqual(100);

    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await historyShot(page, 'timeline-regenerated-390');
    await page.setViewportSize(VIEWPORTS.desktop);
    await historyShot(page, 'timeline-regenerated-1280');
  });
});
