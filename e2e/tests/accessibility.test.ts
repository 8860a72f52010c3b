import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignInPopup, signUpLocally, signUpOverHttp, uniqueName } from '../support/accounts.js';
import { seriousViolations, useBrowser, VIEWPORTS } from '../support/browser.js';
import { E2E_ADMIN } from '../support/staff.js';

const { newPage, baseUrl } = useBrowser();

const WIDTHS = {
  desktop: { width: 1280, height: 900 },
  phone: VIEWPORTS.mobile,
} as const;

/** Every public route of the router, and a path no route matches (the 404 page). */
const PUBLIC_PATHS = ['/', '/pricing', '/blogs', '/docs', '/faqs', '/terms', '/privacy', '/no-such-page'] as const;

/**
 * Waits until the page has stopped moving: reveal and entrance animations change colours and
 * opacity, and axe would judge contrast half-way through a fade. Endless animations (a loading
 * skeleton's pulse) never finish and are not waited for.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/**
 * Collects what axe finds in each state of each page, labelled with the state, so one run lists
 * every problem at once instead of stopping at the first page that has one.
 */
function auditor(page: Page) {
  const found: string[] = [];
  let audited = 0;
  return {
    async audit(state: string): Promise<void> {
      await settle(page);
      audited += 1;
      for (const line of await seriousViolations(page)) found.push(`${state}: ${line}`);
    },
    report() {
      return { audited, found };
    },
  };
}

async function signUpNewUser(page: Page): Promise<void> {
  await page.goto('/');
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, `${uniqueName('axe')}@example.test`, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const [size, viewport] of Object.entries(WIDTHS)) {
    it(`public pages, the 404 page and the sign-in popup, signed out, at ${viewport.width} px`, async () => {
      const page = await newPage(viewport);
      const { audit, report } = auditor(page);
      for (const path of PUBLIC_PATHS) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await audit(`${size} ${path}`);
      }
      if (size === 'phone') {
        await page.goto('/');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
        await audit(`${size} / with the menu open`);
      }

      await page.goto('/auth/popup');
      await page.getByRole('heading', { name: 'Sign in to Sayso' }).waitFor();
      await audit(`${size} sign-in popup`);
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.getByLabel('Name').waitFor();
      await audit(`${size} sign-in popup, sign-up mode`);
      // Opened without an opener (a blocked popup, a bookmarked link), the return page shows the error itself.
      await page.goto('/auth/popup/done?error=access_denied');
      await page.getByRole('heading', { name: 'Sign-in did not finish' }).waitFor();
      await audit(`${size} sign-in return page with an error`);

      expect(report()).toEqual({ audited: PUBLIC_PATHS.length + 3 + (size === 'phone' ? 1 : 0), found: [] });
    });

    it(`signed-in pages, their menus and dialogs, at ${viewport.width} px`, async () => {
      // A phone's header keeps Login in its menu: sign up wide, then look at the pages at this width.
      const page = await newPage();
      await signUpNewUser(page);
      await page.setViewportSize(viewport);
      const { audit, report } = auditor(page);

      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Welcome to Sayso' }).waitFor();
      await audit(`${size} /dashboard`);
      await page.getByRole('button', { name: / credits$/ }).click();
      await page.getByRole('menu').waitFor();
      await audit(`${size} /dashboard with the credits menu open`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Balance: / }).click();
      await page.getByRole('menu').waitFor();
      await audit(`${size} /dashboard with the balance menu open`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menu').waitFor();
      await audit(`${size} /dashboard with the account menu open`);
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('dialog').waitFor();
      await audit(`${size} /dashboard asking to confirm logout`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await page.goto('/history');
      await page.getByText('No generations yet').waitFor();
      await audit(`${size} /history`);

      await page.goto('/dashboard2');
      await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
      await audit(`${size} /dashboard2`);
      await page.getByRole('button', { name: /Select a Voice|Change$/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^Ava/ }).waitFor();
      await audit(`${size} /dashboard2 with the voice picker open`);
      await page.keyboard.press('Escape');

      await page.goto('/dashboard3');
      await page.getByRole('button', { name: 'Cloned Voices' }).waitFor();
      await audit(`${size} /dashboard3`);
      await page.getByRole('button', { name: 'Cloned Voices' }).click();
      await page.getByRole('dialog').waitFor();
      await audit(`${size} /dashboard3 with the cloned voices list open`);
      await page.keyboard.press('Escape');

      // Public pages show the account when signed in; a new account has no balance, so buying asks to top up.
      await page.goto('/');
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      await audit(`${size} / signed in`);
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Buy Now' }).first().click();
      await page.getByRole('dialog').waitFor();
      await audit(`${size} /pricing with the purchase dialog open`);

      expect(report()).toEqual({ audited: 12, found: [] });
    });

    it(`the admin panel, its sign-in and its balance dialog, at ${viewport.width} px`, async () => {
      // The panel lists users: make sure there is at least one, whatever else ran before. Made
      // over HTTP: how the sign-up popup looks is audited above.
      await signUpOverHttp(baseUrl, `${uniqueName('axeadmin')}@example.test`);
      const page = await newPage(viewport);
      const { audit, report } = auditor(page);

      await page.goto('/admin-panel');
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
      await audit(`${size} /admin-panel sign-in`);
      await page.getByLabel('Username').fill(E2E_ADMIN.username);
      await page.getByLabel('Password').fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await page
        .getByRole('button', { name: /^Add Balance for / })
        .first()
        .waitFor();
      await audit(`${size} /admin-panel user list`);
      await page
        .getByRole('button', { name: /^Add Balance for / })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await audit(`${size} /admin-panel add-balance dialog`);

      expect(report()).toEqual({ audited: 3, found: [] });
    });
  }
});
