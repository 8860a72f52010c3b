import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';
import { createClonedVoice, signUp } from '../support/studios.js';

const { newPage } = useBrowser();

/** The sizes issue 35 asks for: a phone, and a laptop a little taller than the suite's default. */
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

/** Native dialogs (alert, confirm) would block the page: any one fails the test. */
function refuseNativeDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** Waits until the audio element is really playing: its position moves on. */
async function expectPlaying(audio: Locator): Promise<void> {
  await audio.waitFor({ state: 'attached', timeout: 30_000 });
  await expect
    .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).currentTime), { timeout: 20_000, interval: 100 })
    .toBeGreaterThan(0.05);
}

/** The studio's speech player, whichever is on screen: the live stream's, or the finished file's. */
const speechPlayer = (page: Page) => page.locator('[data-testid="live-audio"], [data-testid="result-audio"]').first();

describe('a studio ready on arrival (issue 35)', () => {
  for (const { name, viewport } of SIZES) {
    it(`speaks in /dashboard2 with the voice chosen on arrival, on a ${name}`, async () => {
      // The phone says British English first: the studio should arrive with a British voice.
      const locale = name === 'phone' ? 'en-GB' : 'en-US';
      // Signed up at desktop size (the header's Login button), then the studio is opened at this size.
      const page = await newPage(SIZES[1].viewport, { locale });
      const dialogs = refuseNativeDialogs(page);
      await signUp(page, `arrive${name}`);
      await page.setViewportSize(viewport);
      await page.goto('/dashboard2');
      await page.getByRole('heading', { name: 'Preset voices' }).waitFor();

      // No hand-picked voice: one is chosen, for the browser's language, and Generate says what is missing.
      await page.getByRole('button', { name: /Change$/ }).waitFor();
      await expect.poll(() => page.getByText(`${locale} ·`).count()).toBeGreaterThan(0);
      const blocker = page.getByTestId('generate-blocker');
      await expect.poll(() => blocker.innerText()).toBe('Enter some text');
      expect(await page.getByRole('button', { name: 'Generate Voice' }).isDisabled()).toBe(true);
      await screenshot(page, `studio-arrival-${name}`, { fullPage: false });

      await page.getByLabel('Your text').fill('Hello from a studio that was ready.');
      expect(await blocker.count()).toBe(0);
      await page.getByRole('button', { name: 'Generate Voice' }).click();
      await expectPlaying(speechPlayer(page));
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `studio-arrival-${name}-playing`);
      expect(dialogs).toEqual([]);
    });
  }

  it('opens /dashboard3 with the newest saved cloned voice selected', async () => {
    const page = await newPage(SIZES[1].viewport);
    await signUp(page, 'arriveclone');
    await createClonedVoice(page, 'First Voice');
    await createClonedVoice(page, 'Newest Voice');
    await page.goto('/dashboard3');
    await page.getByText('Speaking with').waitFor();
    expect(await page.getByText('Speaking with').innerText()).toBe('Speaking with Newest Voice');
    await expect.poll(() => page.getByTestId('generate-blocker').innerText()).toBe('Enter some text');
    await screenshot(page, 'studio-arrival-clone-desktop', { fullPage: false });

    // Once used, the older voice is the one the studio comes back to.
    await page.getByRole('button', { name: 'Cloned Voices' }).click();
    const voices = page.getByRole('dialog', { name: 'Your Cloned Voices' });
    await voices.getByRole('button', { name: 'Use First Voice' }).click();
    await voices.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('Speaking with').waitFor();
    expect(await page.getByText('Speaking with').innerText()).toBe('Speaking with First Voice');
  });
});

describe('the landing demo on arrival (issue 35)', () => {
  // A server of its own: the landing-demo test counts this address's hourly demo allowance on the shared one.
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  for (const { name, viewport } of SIZES) {
    it(`speaks with its preselected voice, and asks for text in the page rather than an alert, on a ${name}`, async () => {
      const locale = name === 'phone' ? 'en-GB' : 'en-US';
      const page = await newPage(viewport, { locale });
      const dialogs = refuseNativeDialogs(page);
      await page.goto(`${server.baseUrl}/#demo-section`);
      const demo = page.locator('#demo-section');
      const chosen = demo.getByRole('radio', { checked: true });
      await chosen.waitFor({ state: 'attached' });
      expect(await chosen.getAttribute('value')).toBe(locale === 'en-GB' ? 'en-gb-female' : 'en-us-female');

      // Nothing typed: the spec's words, in the page.
      await demo.getByRole('button', { name: 'Generate Voice' }).click();
      await demo.getByRole('alert').getByText('Please select a voice and enter some text!').waitFor();

      await demo.locator('textarea').fill('The demo speaks with the voice it chose.');
      expect(await demo.getByRole('alert').count()).toBe(0);
      await demo.getByRole('button', { name: 'Generate Voice' }).click();
      await expectPlaying(demo.getByLabel('Generated demo audio'));
      await screenshot(page, `demo-arrival-${name}`, { fullPage: false });
      expect(dialogs).toEqual([]);
    });
  }
});
