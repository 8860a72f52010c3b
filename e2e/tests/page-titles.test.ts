import { describe, expect, it } from 'vitest';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { useBrowser } from '../support/browser.js';

const { newPage } = useBrowser();

/** Every route and the tab title it must show, in the page's own words. */
const TITLES = [
  // The shared test server speaks with eSpeak alone, so the landing page promises no human-sounding voice (decision 0004).
  { path: '/', title: 'Text to speech in many languages - Sayso' },
  { path: '/pricing', title: 'Pricing - Sayso' },
  { path: '/blogs', title: 'Blog - Sayso' },
  { path: '/docs', title: 'Documentation - Sayso' },
  { path: '/faqs', title: 'Frequently Asked Questions - Sayso' },
  { path: '/terms', title: 'Terms of Service - Sayso' },
  { path: '/privacy', title: 'Privacy Policy - Sayso' },
  { path: '/no-such-page', title: 'Page not found - Sayso' },
  { path: '/dashboard', title: 'Dashboard - Sayso' },
  { path: '/dashboard2', title: 'Preset voices - Sayso' },
  { path: '/dashboard3', title: 'Cloned voices - Sayso' },
  { path: '/admin-panel', title: 'Admin Panel - Sayso' },
  { path: '/auth/popup', title: 'Sign in - Sayso' },
] as const;

describe('tab titles', () => {
  it('gives every route its own title, on a fresh load and after moving within the app', async () => {
    const page = await newPage();
    await page.goto('/');
    const popup = await openSignInPopup(page, () =>
      page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
    );
    await signUpLocally(popup, `${uniqueName('titles')}@example.test`, 'correct horse battery');
    await popup.waitForEvent('close');
    await page.waitForURL((url) => url.pathname === '/dashboard');

    const seen: string[] = [];
    for (const { path, title } of TITLES) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await expect.poll(() => page.title(), { message: path }).toBe(title);
      seen.push(await page.title());
    }
    expect(new Set(seen).size).toBe(TITLES.length);

    // Moving inside the app (no page load) changes the title too, and back again.
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect.poll(() => page.title()).toBe('Pricing - Sayso');
    await page.goBack();
    await expect.poll(() => page.title()).toBe('Text to speech in many languages - Sayso');
  });
});
