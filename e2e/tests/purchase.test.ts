import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { expectAccessible, screenshot, useBrowser } from '../support/browser.js';
import { addBalanceAsStaff } from '../support/staff.js';

const { newPage, baseUrl } = useBrowser();

async function signedInOnPricing(page: Page): Promise<string> {
  await page.goto('/');
  const email = `${uniqueName('buyer')}@example.test`;
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, email, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Buy Now' }).first().waitFor();
  return email;
}

const buyNow = (page: Page, index: number) => page.getByRole('button', { name: 'Buy Now' }).nth(index).click();

describe('buying credit packs on /pricing', () => {
  it('buys a pack with enough balance: confirmation, confetti, success, and the credits on the dashboard', async () => {
    const page = await newPage();
    const email = await signedInOnPricing(page);
    await addBalanceAsStaff(baseUrl, email, 3_500);
    await buyNow(page, 0);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Your balance').waitFor();
    for (const text of ['Confirm Purchase', 'Starter', '1,000,000', '3,000 PKR', '3,500 PKR']) {
      expect(await dialog.innerText()).toContain(text);
    }
    await screenshot(page, 'pricing-confirm-purchase', { fullPage: false });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('heading', { name: 'Purchase Successful!' }).waitFor();
    expect(await page.getByTestId('confetti').locator('span').count()).toBe(50);
    expect(await dialog.innerText()).toContain('1,000,000 credits have been added to your account.');
    await screenshot(page, 'pricing-purchase-successful', { fullPage: false });
    await expectAccessible(page);
    // The confetti is gone after 4 seconds.
    await page.getByTestId('confetti').waitFor({ state: 'detached', timeout: 6_000 });
    // The dashboard reads the account again; held back here, so the new figures must already be
    // on screen from the purchase itself (the old ones showed for half a second).
    await page.route('**/api/me', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Sayso' }).waitFor();
    expect(await page.getByRole('button', { name: / credits$/ }).getAttribute('aria-label')).toBe('1,010,000 credits');
    expect(await page.getByRole('button', { name: /^Balance: / }).getAttribute('aria-label')).toBe('Balance: 500 PKR');
  });

  it('shows the insufficient-balance popup with Top Up when the balance is short', async () => {
    const page = await newPage();
    await signedInOnPricing(page);
    await buyNow(page, 5);
    const dialog = page.getByRole('dialog');
    // The balance is known before Confirm: Confirm is disabled and the dialog says the balance is short.
    await dialog.getByTestId('purchase-balance-short').waitFor();
    expect(await dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Top up first' }).click();
    await dialog.getByRole('heading', { name: 'Insufficient Balance' }).waitFor();
    expect(await dialog.innerText()).toContain("Your account doesn't have enough balance to complete this purchase.");
    const topUp = dialog.getByRole('link', { name: /Top Up/ });
    expect(await topUp.getAttribute('target')).toBe('_blank');
    expect(decodeURIComponent((await topUp.getAttribute('href')) ?? '')).toMatch(/top up my balance.*@example\.test/);
    await screenshot(page, 'pricing-insufficient-balance', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('asks a visitor who is not signed in to log in', async () => {
    const page = await newPage();
    await page.goto('/pricing');
    await buyNow(page, 2);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Login Required' }).waitFor();
    expect(await dialog.innerText()).toContain(
      'Please login to your account to purchase credits and unlock all features.',
    );
    await screenshot(page, 'pricing-login-required', { fullPage: false });
    await dialog.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
