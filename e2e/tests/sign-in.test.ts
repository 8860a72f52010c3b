import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { applyMovement } from '../../apps/server/src/domains/accounts/ledger-repository.js';
import { openSignInPopup, signInWithIdentityProvider, signUpLocally, uniqueName } from '../support/accounts.js';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { workerServer } from '../support/worker-server.js';

const { newPage } = useBrowser();

const clickLogin = (page: Page) => () => page.getByRole('banner').getByRole('button', { name: 'Login' }).click();

async function expectDashboardWithCredits(page: Page, credits: string) {
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('heading', { name: 'Welcome to Sayso' }).waitFor();
  await expect.poll(() => page.getByRole('button', { name: `${credits} credits` }).count()).toBe(1);
}

async function logOut(page: Page, shoot?: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  if (shoot) await screenshot(page, `${shoot}-user-menu`, { fullPage: false });
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (shoot) await screenshot(page, `${shoot}-logout-confirmation`, { fullPage: false });
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function meStatus(page: Page): Promise<number> {
  return (await page.request.get('/api/me')).status();
}

const userCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'user');

describe('sign-in through the popup', () => {
  it('signs in with the OpenID Connect provider, stays signed in on reload, and logs out', async () => {
    const page = await newPage();
    await page.goto('/');
    const popup = await openSignInPopup(page, clickLogin(page));
    await screenshot(popup, 'sign-in-popup');
    await signInWithIdentityProvider(popup, uniqueName('ada'));
    await popup.waitForEvent('close');
    await expectDashboardWithCredits(page, '10,000');
    await screenshot(page, 'dashboard-desktop');

    await page.reload();
    await expectDashboardWithCredits(page, '10,000');
    expect(await meStatus(page)).toBe(200);

    await logOut(page, 'dashboard');
    expect(await userCookie(page)).toBeUndefined();
    expect(await meStatus(page)).toBe(401);
  });

  it('creates a local account, refuses a wrong password, and signs in with the right one', async () => {
    const page = await newPage();
    await page.goto('/');
    const email = `${uniqueName('local')}@example.test`;
    const password = 'correct horse battery';
    const popup = await openSignInPopup(page, clickLogin(page));
    await signUpLocally(popup, email, password);
    await popup.waitForEvent('close');
    await expectDashboardWithCredits(page, '10,000');
    await logOut(page);

    const again = await openSignInPopup(page, clickLogin(page));
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password').fill('not the password');
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => again.getByRole('alert').innerText()).toBe('Invalid email or password');
    await screenshot(again, 'sign-in-popup-wrong-password');
    await again.getByLabel('Password').fill(password);
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await again.waitForEvent('close');
    await expectDashboardWithCredits(page, '10,000');
  });

  it('says "Create your Sayso account" in sign-up mode and keeps the popup on sign-in when its logo is clicked', async () => {
    const page = await newPage();
    await page.goto('/');
    const popup = await openSignInPopup(page, clickLogin(page));
    await popup.getByRole('button', { name: 'Create an account' }).click();
    await popup.getByRole('heading', { level: 1, name: 'Create your Sayso account' }).waitFor();
    expect(await popup.title()).toBe('Create an account - Sayso');
    await screenshot(popup, 'sign-in-popup-sign-up-mode');
    expect(await popup.getByRole('link').count()).toBe(0);
    await popup.getByText('Sayso', { exact: true }).click();
    expect(new URL(popup.url()).pathname).toBe('/auth/popup');
    await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
    await popup.getByRole('heading', { level: 1, name: 'Sign in to Sayso' }).waitFor();
    await popup.close();
  });

  it('a feature card signs in first, then opens its studio', async () => {
    const page = await newPage();
    await page.goto('/');
    const popup = await openSignInPopup(page, () => page.getByTestId('feature-card-elevenlabs').click());
    await signInWithIdentityProvider(popup, uniqueName('card'));
    await popup.waitForEvent('close');
    await page.waitForURL((url) => url.pathname === '/dashboard2');
    // Signed in now: the other card is a plain link straight to its studio.
    await page.goto('/');
    await page.getByTestId('feature-card-minimax').click();
    await page.waitForURL((url) => url.pathname === '/dashboard3');
  });

  it('closing the popup is silent and leaves the visitor signed out', async () => {
    const page = await newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/');
    const popup = await openSignInPopup(page, clickLogin(page));
    await popup.close();
    await page.waitForTimeout(1_000);
    expect(dialogs).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await meStatus(page)).toBe(401);
  });

  for (const tampered of ['state', 'nonce'] as const) {
    it(`rejects a provider answer with a wrong ${tampered}, with a message in the page and no session`, async () => {
      const page = await newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto('/');
      const popup = await openSignInPopup(page, clickLogin(page));
      // Both are swapped on the authorisation request. The provider echoes the state back on the
      // callback, where it no longer matches the one the server issued; it signs the nonce into the
      // id_token, where it no longer matches the one the server expects.
      const pattern = `${inject('issuer')}/auth?*`;
      await popup.context().route(pattern, (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set(tampered, `forged-${tampered}-value`);
        return route.continue({ url: url.toString() });
      });
      await signInWithIdentityProvider(popup, uniqueName(`forged${tampered}`));
      // The reason shows under the header (never a native alert): the popup's error, or 'Login failed'.
      const notice = page.getByRole('alert');
      await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(1);
      expect((await notice.innerText()).trim()).not.toBe('');
      expect(dialogs).toEqual([]);
      if (tampered === 'state') await screenshot(page, 'sign-in-failed-notice', { fullPage: false });
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await meStatus(page)).toBe(401);
      await popup.context().unroute(pattern);
    });
  }

  const { databaseUrl } = workerServer();
  it.skipIf(!databaseUrl)('shows a balance changed on the server in the open dashboard within 5 seconds', async () => {
    if (!databaseUrl) return;
    const page = await newPage(VIEWPORTS.mobile);
    await page.goto('/');
    const login = uniqueName('live');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const popup = await openSignInPopup(page, () =>
      page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Login' }).click(),
    );
    await signInWithIdentityProvider(popup, login);
    await popup.waitForEvent('close');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Sayso' }).waitFor();
    await screenshot(page, 'dashboard-mobile');

    // A second process on the same database (as a staff member's would be) moves the money.
    const other = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      const user = await sql<{ id: string }>`select id from "user" where email = ${`${login}@example.test`}`.execute(
        other.db,
      );
      const userId = user.rows[0]?.id;
      if (!userId) throw new Error('the signed-in user is not in the database');
      const changedAt = Date.now();
      await other.db
        .transaction()
        .execute((trx) =>
          applyMovement(trx, { userId, asset: 'money', amount: 1234.5, kind: 'admin_adjustment', actor: 'e2e' }),
        );
      await page.getByRole('button', { name: /^Balance: 1,234\.5 PKR$/ }).waitFor({ timeout: 5_000 });
      expect(Date.now() - changedAt).toBeLessThan(5_000);
    } finally {
      await other.close();
    }
  });
});
