import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser.js';

const { newPage } = useBrowser();

describe('the landing-page demo', () => {
  it('lets an anonymous visitor generate and play speech with a demo voice', async () => {
    const page = await newPage();
    await page.goto('/#demo-section');
    const demo = page.locator('#demo-section');
    await demo.getByRole('radio', { name: /Eleanor/ }).check();
    await demo.locator('textarea').fill('Welcome to Sayso. This is the free demo, spoken on this very server.');
    await demo.getByRole('button', { name: 'Generate Voice' }).click();
    const audio = demo.getByLabel('Generated demo audio');
    await audio.waitFor({ timeout: 45_000 });
    await expect
      .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).duration), { timeout: 15_000 })
      .toBeGreaterThan(2);
    await screenshot(page, 'landing-demo-result');
  });
});
