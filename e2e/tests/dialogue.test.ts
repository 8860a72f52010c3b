import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { signUp } from '../support/studios.js';

const { newPage } = useBrowser();

describe('/dashboard2 Dialogue mode', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`two lines in two voices become one audio with a transcript by speaker (${name}, ${viewport.width} px)`, async () => {
      // Signing up opens the identity popup from the desktop header; the test then goes on at its width.
      const page = await newPage(VIEWPORTS.desktop);
      await signUp(page, `dialogue-${name}`);
      await page.setViewportSize(viewport);
      await page.goto('/dashboard2');
      await page.getByRole('button', { name: 'Dialogue', exact: true }).click();
      await page.getByRole('heading', { name: 'Dialogue', exact: true }).waitFor();

      const lines = page.getByRole('list', { name: 'Dialogue lines' }).getByRole('listitem');
      await lines.nth(1).waitFor();
      expect(await lines.count()).toBe(2);
      const first = page.getByRole('group', { name: 'Line 1' });
      const second = page.getByRole('group', { name: 'Line 2' });
      // The voices load in the background; each line starts with a different one.
      await page.waitForFunction(
        () => Array.from(document.querySelectorAll('select')).filter((select) => select.value !== '').length >= 2,
      );
      const voices = await page
        .locator('select')
        .evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).value));
      expect(new Set(voices).size).toBe(2);

      await first.getByLabel('Speaker').fill('Ana');
      await first.getByLabel('Text').fill('Good morning. Did you sleep well?');
      await second.getByLabel('Speaker').fill('Ben');
      await second.getByLabel('Text').fill('Not really, the storm kept me awake.');

      // A third line can be added, moved above the others and removed again.
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.getByRole('group', { name: 'Line 3' }).getByLabel('Text').fill('Scratch line');
      await page.getByRole('button', { name: 'Move line 3 up' }).click();
      expect(await page.getByRole('group', { name: 'Line 2' }).getByLabel('Text').inputValue()).toBe('Scratch line');
      await page.getByRole('button', { name: 'Remove line 2' }).click();
      expect(await lines.count()).toBe(2);
      expect(await page.getByRole('group', { name: 'Line 2' }).getByLabel('Speaker').inputValue()).toBe('Ben');

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);

      const spoken = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/dialogue',
      );
      await page.getByRole('button', { name: 'Generate dialogue' }).click();
      expect((await spoken).status()).toBe(200);

      const result = page.getByTestId('dialogue-result');
      await result.waitFor({ timeout: 90_000 });
      // One audio, which plays: the browser reads its length.
      expect(await result.locator('audio').count()).toBe(1);
      const seconds = await result
        .locator('audio')
        .evaluate(
          (audio: HTMLAudioElement) =>
            new Promise<number>((resolve) =>
              Number.isFinite(audio.duration) && audio.duration > 0
                ? resolve(audio.duration)
                : audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true }),
            ),
        );
      expect(seconds).toBeGreaterThan(2);
      // The transcript names each line's speaker, in order.
      expect(await result.getByTestId('transcript-speaker').allTextContents()).toEqual(['Ana', 'Ben']);
      await result.getByText('Not really, the storm kept me awake.').waitFor();

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `dialogue-${name}`);
      await expectAccessible(page);
    });
  }
});
