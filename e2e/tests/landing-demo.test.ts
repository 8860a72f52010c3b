import { describe, expect, it } from 'vitest';
import { focusedName, isInViewport, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';

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
    // A full-page shot of a scrolled page paints the sticky header mid-page: start from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'landing-demo-result');
  });

  it('brings the audio into view on a phone, with focus on its player', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await page.goto('/#demo-section');
    const demo = page.locator('#demo-section');
    await demo.getByRole('radio', { name: /Marcus/ }).check();
    await demo.locator('textarea').fill('A phone-sized screen shows this result too.');
    // The visitor has scrolled just far enough to reach the button: it sits at the bottom of the screen.
    const generate = demo.getByRole('button', { name: 'Generate Voice' });
    await generate.evaluate((button) => button.scrollIntoView({ block: 'end', behavior: 'instant' }));
    await generate.click();
    const audio = demo.getByLabel('Generated demo audio');
    await audio.waitFor({ timeout: 45_000 });
    await expect.poll(() => isInViewport(audio), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => focusedName(page), { timeout: 5_000 }).toBe('Generated demo audio');
    await screenshot(page, 'landing-demo-mobile-result', { fullPage: false });
  });

  it('answers 429 with a Retry-After once an address has used its hourly demo allowance', async () => {
    // DEMO_REQUESTS_PER_HOUR defaults to 10 (apps/server/src/config.ts) and the e2e server keeps the
    // default; the two tests above spent two. Only this file submits demo speech from 127.0.0.1.
    const allowance = 10;
    const spentAbove = 2;
    const page = await newPage();
    const body = {
      text: 'Hi.',
      model: 'speech-2.5-hd-preview',
      voice_setting: { voice_id: 'en-us-male', vol: 1, pitch: 0, speed: 1 },
      language_boost: 'Auto',
      with_transcript: false,
    };
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof page.request.post>> | null = null;
    // Bounded by the allowance: eight more are accepted and the ninth refused, or the test fails.
    for (let sent = 0; sent < allowance && !refused; sent += 1) {
      const response = await page.request.post('/api/tts', { data: body });
      statuses.push(response.status());
      if (response.status() === 429) refused = response;
    }
    expect(refused).not.toBeNull();
    expect(statuses.filter((status) => status === 200)).toHaveLength(allowance - spentAbove);
    expect(Number(refused?.headers()['retry-after'])).toBeGreaterThan(0);
    expect(await refused?.json()).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });

    // The page says so too, instead of waiting out an hour.
    await page.goto('/#demo-section');
    const demo = page.locator('#demo-section');
    await demo.getByRole('radio', { name: /Marcus/ }).check();
    await demo.locator('textarea').fill('One more, please.');
    await demo.getByRole('button', { name: 'Generate Voice' }).click();
    await demo.getByRole('alert').getByText('Too many requests. Please wait a moment and try again.').waitFor();
  });

  it('plays a demo voice’s sample', async () => {
    const page = await newPage();
    await page.goto('/#demo-section');
    const demo = page.locator('#demo-section');
    const preview = page.waitForResponse((response) => response.url().endsWith('/preview.mp3'));
    await demo.getByRole('button', { name: 'Play sample of Ava' }).click();
    await demo.getByRole('button', { name: 'Stop sample of Ava' }).waitFor();
    const response = await preview;
    expect(new URL(response.url()).pathname).toBe('/api/voices/espeak-en-us-f2/preview.mp3');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('audio/mpeg');
  });
});
