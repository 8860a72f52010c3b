import type { Voice } from '@sayso/contract/speech';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, focusedName, screenshot, useBrowser } from '../support/browser.js';
import { signUp } from '../support/studios.js';

const { newPage } = useBrowser();

const WIDTHS = [
  { name: '390', viewport: { width: 390, height: 844 } },
  { name: '1280', viewport: { width: 1280, height: 900 } },
] as const;

/** Signs a new user up (at desktop width: a phone keeps Login in its menu), then opens /dashboard2 at `viewport`. */
async function openStudio(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await signUp(page, 'library');
  await page.setViewportSize(viewport);
  await page.goto('/dashboard2');
  await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
}

/** The studio's voice button says "Browse" before a voice is chosen and "Change" after. */
async function openLibrary(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /(Browse|Change)$/ }).click();
  const modal = page.getByRole('dialog', { name: 'Select a Voice' });
  await modal.getByRole('list', { name: 'Voices' }).waitFor();
  return modal;
}

const rowNames = (modal: Locator) => modal.getByTestId('voice-name').allInnerTexts();
const countText = (modal: Locator) => modal.getByTestId('voice-count').innerText();

/** On a phone the filters sit behind a Filters button; on a wide screen they are always shown. */
async function showFilters(modal: Locator): Promise<void> {
  const toggle = modal.getByRole('button', { name: /^Filters/ });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

describe('the voice library in /dashboard2', () => {
  for (const { name, viewport } of WIDTHS) {
    it(`at ${name} px: finds a voice by name, narrows by language, plays a sample, and chooses a voice with the keyboard`, async () => {
      const page = await newPage();
      await openStudio(page, viewport);
      const served = (await page.evaluate(async () => (await fetch('/api/elevenlabs/voices')).json())) as {
        voices: Voice[];
      };
      const total = served.voices.length;
      const french = served.voices.filter(
        (voice) => voice.language === 'fr' || voice.verified_languages.some((entry) => entry.language === 'fr'),
      );
      expect(french.length).toBeGreaterThan(0);
      expect(french.length).toBeLessThan(total);

      const modal = await openLibrary(page);
      // The search is where typing goes on arrival.
      expect(await focusedName(page)).toBe('Search voices');
      expect(await countText(modal)).toBe(`${total} voices`);

      // Search by name.
      await page.keyboard.type('oliver');
      await expect.poll(() => rowNames(modal)).toEqual(['Oliver']);
      expect(await countText(modal)).toBe(`1 of ${total} voices`);
      await screenshot(page, `voice-library-search-${name}`, { fullPage: false });

      // The language filter narrows the whole list to the voices that speak French.
      await modal.getByRole('searchbox', { name: 'Search voices' }).fill('');
      await showFilters(modal);
      await modal.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr');
      await expect.poll(() => countText(modal)).toBe(`${french.length} of ${total} voices`);
      const shown = await rowNames(modal);
      expect(shown.length).toBeGreaterThan(0);
      for (const voiceName of shown) expect(french.map((voice) => voice.name)).toContain(voiceName);
      await screenshot(page, `voice-library-french-${name}`, { fullPage: false });

      // A sample: loading while the server renders it, then playing; one at a time.
      const first = shown[0] ?? '';
      await modal.getByRole('button', { name: `Play preview of ${first}` }).click();
      const stop = modal.getByRole('button', { name: `Stop preview of ${first}` });
      await stop.waitFor();
      await expect.poll(() => stop.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
      await stop.click();
      await modal.getByRole('button', { name: `Play preview of ${first}` }).waitFor();

      // The keyboard: from the search, ArrowDown reaches the rows; Enter chooses the voice in focus.
      await modal.getByRole('searchbox', { name: 'Search voices' }).focus();
      await page.keyboard.press('ArrowDown');
      expect(await focusedName(page)).toBe(shown[0]);
      await page.keyboard.press('ArrowDown');
      const chosen = shown[1] ?? '';
      expect(await focusedName(page)).toBe(chosen);
      await page.keyboard.press('Enter');
      await modal.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `${chosen} Change` }).waitFor();

      // Opened again in the same visit: still filtered to French, the chosen voice marked; Escape closes.
      const again = await openLibrary(page);
      expect(await countText(again)).toBe(`${french.length} of ${total} voices`);
      expect(await again.getByRole('button', { name: chosen, exact: true }).getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('Escape');
      await again.waitFor({ state: 'detached' });
    });
  }

  for (const { name, viewport } of WIDTHS) {
    it(`at ${name} px: keeps 1,200 voices to a window of rows while scrolling smoothly, with licence notes shown`, async () => {
      const page = await newPage();
      await openStudio(page, viewport);
      const voices = manyVoices(1200);
      await page.route('**/api/elevenlabs/voices', (route) => route.fulfill({ json: { voices } }));
      await page.reload();
      await page.getByRole('heading', { name: 'Preset voices' }).waitFor();

      const modal = await openLibrary(page);
      expect(await countText(modal)).toBe('1,200 voices');
      const rendered = () => modal.getByRole('list', { name: 'Voices' }).locator('li').count();
      expect(await rendered()).toBeLessThan(40);
      // The note shows on the voices whose model forbids selling their speech, and only there.
      const firstNote = modal.getByText('Not for commercial use.').first();
      await firstNote.waitFor();
      await screenshot(page, `voice-library-1200-${name}`, { fullPage: false });
      if (name === '1280') await expectAccessible(page);

      // Scroll the whole list a step per frame and time the frames.
      const frames = await modal.getByTestId('voice-list').evaluate(
        (list) =>
          new Promise<number[]>((resolve) => {
            const times: number[] = [];
            let last = performance.now();
            const step = () => {
              const now = performance.now();
              times.push(now - last);
              last = now;
              list.scrollTop += 400;
              if (list.scrollTop + list.clientHeight < list.scrollHeight - 1) requestAnimationFrame(step);
              else resolve(times.slice(1));
            };
            requestAnimationFrame(step);
          }),
      );
      const sorted = [...frames].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
      console.info(
        `voice library at ${name} px, 1,200 voices: ${frames.length} scroll frames, median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
      );
      // 60 frames a second is 16.7 ms, measured here with nothing else running; a two-core machine
      // shared with other work and painting without a GPU has reached 25 ms. With a blurred backdrop
      // the median was 68 ms at 390 px and 149 ms at 1280 px (decision 0037).
      expect(median).toBeLessThan(40);
      await modal.getByText('Speaker 1200', { exact: true }).waitFor();
      expect(await rendered()).toBeLessThan(40);

      // The keyboard crosses the whole list: the row it lands on is rendered and focused.
      await modal.getByRole('searchbox', { name: 'Search voices' }).focus();
      await page.keyboard.press('ArrowDown');
      expect(await focusedName(page)).toBe('Speaker 1');
      await page.keyboard.press('End');
      await expect.poll(() => focusedName(page)).toBe('Speaker 1200');
      await page.keyboard.press('Home');
      await expect.poll(() => focusedName(page)).toBe('Speaker 1');
      await page.keyboard.press('PageDown');
      await expect.poll(() => focusedName(page)).toMatch(/^Speaker (\d+)$/);
      expect(await focusedName(page)).not.toBe('Speaker 1');

      // Search reaches the far end of the list at once.
      await modal.getByRole('searchbox', { name: 'Search voices' }).fill('speaker 777');
      await expect.poll(() => rowNames(modal)).toEqual(['Speaker 777']);
      await modal.getByRole('searchbox', { name: 'Search voices' }).fill('no such voice');
      await modal.getByText('No voices match').waitFor();
      await screenshot(page, `voice-library-empty-${name}`, { fullPage: false });
      await modal.getByRole('button', { name: 'Reset filters' }).first().click();
      expect(await countText(modal)).toBe('1,200 voices');
    });
  }
});

/** A library as large as LibriTTS-R's 904 speakers and more, in five languages; every tenth voice is non-commercial. */
function manyVoices(count: number): Voice[] {
  const places = [
    { language: 'en', locale: 'en-US', accent: 'american' },
    { language: 'en', locale: 'en-GB', accent: 'british' },
    { language: 'fr', locale: 'fr-FR', accent: 'french' },
    { language: 'de', locale: 'de-DE', accent: 'de-DE' },
    { language: 'es', locale: 'es-ES', accent: 'spanish' },
  ];
  return Array.from({ length: count }, (_, index) => {
    const place = places[index % places.length] ?? places[0];
    const name = `Speaker ${index + 1}`;
    return {
      voice_id: `libritts-${index + 1}`,
      name,
      language: place?.language ?? 'en',
      locale: place?.locale ?? 'en-US',
      accent: place?.accent ?? 'american',
      gender: index % 2 === 0 ? 'female' : 'male',
      age: 'middle_aged',
      descriptive: 'natural',
      use_case: 'narration',
      category: 'high_quality',
      description: `${name}: a voice of Piper LibriTTS-R.`,
      kind: 'neural',
      license_note:
        index % 10 === 0
          ? 'Trained on the Blizzard 2013 Lessac data, which is licensed for non-commercial use only.'
          : null,
      preview_url: null,
      verified_languages: [],
    };
  });
}
