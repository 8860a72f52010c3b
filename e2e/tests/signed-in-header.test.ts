import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { addBalanceAsStaff } from '../support/staff.js';

const { newPage, baseUrl } = useBrowser();

const PUBLIC_PATHS = ['/', '/pricing', '/blogs', '/docs', '/faqs', '/terms', '/privacy', '/no-such-page'] as const;

/** Signs a new local account up from the landing page and returns its email, on /dashboard. */
async function signUp(page: Page): Promise<string> {
  const email = `${uniqueName('header')}@example.test`;
  await page.goto('/');
  const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
  const popup = await openSignInPopup(page, async () => {
    if (await login.isVisible()) return login.click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Login' }).click();
  });
  await signUpLocally(popup, email, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('heading', { name: 'Welcome to Sayso' }).waitFor();
  return email;
}

/** Nothing in the page is wider than the window, and the header's controls fit their row. */
async function expectHeaderFits(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const row = page.getByRole('banner').locator(':scope > div').first();
  expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
}

const banner = (page: Page) => page.getByRole('banner');

describe('the public header of a signed-in visitor', () => {
  it('shows the account, credits and a Dashboard link instead of Login on every public page, at both widths', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await signUp(page);

    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      await banner(page).getByRole('button', { name: '10,000 credits' }).waitFor();
      await banner(page).getByRole('button', { name: 'Balance: 0 PKR' }).waitFor();
      await banner(page).getByRole('button', { name: 'Account menu' }).waitFor();
      expect(await banner(page).getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
      expect(await banner(page).getByRole('button', { name: 'Login' }).count()).toBe(0);
      await expectHeaderFits(page);
    }
    await page.goto('/pricing');
    await banner(page).getByRole('button', { name: '10,000 credits' }).waitFor();
    await screenshot(page, 'signed-in-header-pricing-desktop', { fullPage: false });
    await expectAccessible(page);
    await banner(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.setViewportSize(VIEWPORTS.mobile);
    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      await banner(page).getByRole('button', { name: '10,000 credits' }).waitFor();
      expect(await banner(page).getByRole('button', { name: 'Account menu' }).isVisible()).toBe(true);
      await expectHeaderFits(page);
    }
    await page.goto('/');
    await banner(page).getByRole('button', { name: '10,000 credits' }).waitFor();
    await screenshot(page, 'signed-in-header-landing-mobile', { fullPage: false });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await screenshot(page, 'signed-in-header-landing-mobile-menu', { fullPage: false });
    expect(await menu.getByRole('button', { name: 'Login' }).count()).toBe(0);
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('still offers Login to a visitor who is not signed in, at both widths', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await page.goto('/blogs');
    await banner(page).getByRole('button', { name: 'Login' }).waitFor();
    expect(await banner(page).getByRole('button', { name: 'Account menu' }).count()).toBe(0);

    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Login' }).waitFor();
    expect(await banner(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  });

  it('logs out from a public page and shows Login again', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await signUp(page);
    await page.goto('/faqs');
    await banner(page).getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await banner(page).getByRole('button', { name: 'Login' }).waitFor();
    expect(await banner(page).getByRole('button', { name: 'Account menu' }).count()).toBe(0);
  });

  it('shows no loading screen, and no figures turning into skeletons, on the way to the landing page after logging out', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await signUp(page);
    // A fresh load of the dashboard. The landing page is in the main bundle (decision 0023), so
    // nothing has to load on the way there; every script is slowed anyway, so a loading screen
    // would have time to show if some code were fetched late.
    await page.goto('/dashboard');
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole('heading', { name: 'Welcome to Sayso' }).waitFor();
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
      const check = () => {
        document.querySelectorAll('[role="status"]').forEach((status) => {
          const text = status.textContent?.trim() ?? '';
          // The landing page's own pack skeletons are a designed state; a page-loading screen or
          // the dashboard's figures turning back into skeletons are not.
          if (text === 'Loading…' || text.startsWith('Loading your credits')) seen.push(text);
        });
      };
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await banner(page).getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual([]);
  });
});

/** The visible text of a top-bar figure, and its tooltip when it is shortened. */
async function figure(trigger: Locator): Promise<{ text: string; title: string | null }> {
  return { text: (await trigger.innerText()).trim(), title: await trigger.getAttribute('title') };
}

describe('the figures in the top bar on a phone', () => {
  it('shows exact figures with the currency, and shortens only what does not fit, with the exact one in a tooltip', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    const email = await signUp(page);
    // 4,500.46 PKR, then the Starter pack (1,000,000 credits for 3,000 PKR).
    await addBalanceAsStaff(baseUrl, email, 4_500.46);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Buy Now' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Purchase Successful!' }).waitFor();

    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto('/dashboard');
    const credits = page.getByRole('button', { name: '1,010,000 credits' });
    const balance = page.getByRole('button', { name: 'Balance: 1,500.46 PKR' });
    await credits.waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await figure(credits)).toEqual({ text: '1,010,000', title: null });
    expect(await figure(balance)).toEqual({ text: '1,500.46 PKR', title: null });
    await expectHeaderFits(page);
    await screenshot(page, 'top-bar-figures-dashboard-mobile', { fullPage: false });

    // Beside the back arrow there is less room: whatever is shortened keeps its tooltip and currency.
    for (const width of [VIEWPORTS.mobile.width, 360]) {
      await page.setViewportSize({ width, height: VIEWPORTS.mobile.height });
      await page.goto('/dashboard2');
      await credits.waitFor();
      await page.evaluate(() => document.fonts.ready);
      const shownCredits = await figure(credits);
      if (shownCredits.text !== '1,010,000')
        expect(shownCredits).toEqual({ text: '1.01M', title: '1,010,000 credits' });
      const shownBalance = await figure(balance);
      if (shownBalance.text !== '1,500.46 PKR')
        expect(shownBalance).toEqual({ text: '1.5K PKR', title: '1,500.46 PKR' });
      await expectHeaderFits(page);
      await screenshot(page, `top-bar-figures-preset-studio-${width}`, { fullPage: false });
    }
  });
});
