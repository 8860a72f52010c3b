import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { E2E_ADMIN } from '../support/staff.js';

const { newPage } = useBrowser();

// The name signUpLocally gives every local account.
const USERNAME = 'Local Tester';

/** Signs a new local user up through the header's Login popup and waits for their dashboard. */
async function signUpNewUser(page: Page): Promise<string> {
  const email = `${uniqueName('staffed')}@example.test`;
  await page.goto('/');
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, email, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('heading', { name: 'Welcome to Sayso' }).waitFor();
  return email;
}

async function logInAsAdmin(page: Page, password: string = E2E_ADMIN.password): Promise<void> {
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function openPanel(page: Page): Promise<void> {
  await page.goto('/admin-panel');
  await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  await logInAsAdmin(page);
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
  // A table on wide screens, one card per user on phones.
  await page
    .getByRole('table')
    .or(page.getByRole('list', { name: 'Users' }))
    .waitFor();
}

/** Waits for the toast (role=status) that says exactly this. */
const toast = (page: Page, text: string) =>
  page.getByRole('status').getByText(text, { exact: true }).last().waitFor({ timeout: 5_000 });

describe('admin panel', () => {
  it("changes a user's balance through search, sort and confirmations, and their open dashboard follows", async () => {
    const userPage = await newPage();
    const email = await signUpNewUser(userPage);
    await userPage.getByRole('button', { name: 'Balance: 0 PKR' }).waitFor();

    const admin = await newPage();
    await admin.goto('/admin-panel');
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await screenshot(admin, 'admin-login');

    await logInAsAdmin(admin, 'not the admin password');
    await expect.poll(() => admin.getByRole('alert').innerText()).toBe('Invalid username or password');
    await screenshot(admin, 'admin-login-wrong-password');

    await logInAsAdmin(admin);
    await admin.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await admin.getByRole('row', { name: new RegExp(email) }).waitFor();
    // Other test files may share the database, so the count here is not this test's to know. The
    // list says it; a notice no longer repeats it on every load (issue 40).
    await admin.getByText(/^[\d,]+ users? in total$/).waitFor();
    await screenshot(admin, 'admin-user-list');
    await expectAccessible(admin);

    // Searching is done by the server, after typing pauses.
    const searched = admin.waitForResponse((r) => r.url().includes(`search=${encodeURIComponent(email)}`));
    await admin.getByLabel('Search users').fill(email);
    await searched;
    await admin.getByText(/^1 user matching/).waitFor();
    await expect.poll(() => admin.getByRole('row').count()).toBe(2);

    const sorted = admin.waitForResponse((r) => r.url().includes('sort=balance_desc'));
    await admin.getByLabel('Sort by').selectOption({ label: 'Highest Balance' });
    expect((await sorted).status()).toBe(200);
    await admin.getByRole('row', { name: new RegExp(email) }).waitFor();

    await admin.getByRole('button', { name: `Add Balance for ${USERNAME}` }).click();
    const add = admin.getByRole('dialog', { name: 'Add Balance' });
    await add.getByLabel('Amount (PKR)').fill('500');
    // A top-up records the payment it follows (issue 40).
    await add.getByLabel('Payment reference').fill('E2E-TX-500');
    await add.getByRole('button', { name: 'Continue' }).click();
    const confirmAdd = admin.getByRole('dialog', { name: 'Confirm Balance Addition' });
    await confirmAdd.waitFor();
    expect(await confirmAdd.locator('dl').innerText()).toMatch(
      /Current balance\s+0 PKR[\s\S]*\+500 PKR[\s\S]*New balance\s+500 PKR[\s\S]*Payment reference\s+E2E-TX-500/,
    );
    await screenshot(admin, 'admin-add-confirmation', { fullPage: false });
    await confirmAdd.getByRole('button', { name: 'Confirm' }).click();
    await toast(admin, `Successfully added 500 PKR to ${USERNAME}'s account`);
    await admin.getByRole('row', { name: new RegExp(`${email}.*500 PKR`) }).waitFor();

    await admin.getByRole('button', { name: `Deduct Balance for ${USERNAME}` }).click();
    const deduct = admin.getByRole('dialog', { name: 'Deduct Balance' });
    await deduct.getByText(/Maximum: 500 PKR/).waitFor();
    await deduct.getByLabel('Amount (PKR)').fill('500.01');
    await deduct.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => deduct.getByRole('alert').innerText()).toBe('Cannot deduct more than current balance');
    await deduct.getByLabel('Amount (PKR)').fill('200');
    await screenshot(admin, 'admin-deduct-modal', { fullPage: false });
    await deduct.getByRole('button', { name: 'Continue' }).click();
    const confirmDeduct = admin.getByRole('dialog', { name: 'Confirm Balance Deduction' });
    expect(await confirmDeduct.locator('dl').innerText()).toMatch(/New balance\s+300 PKR/);
    await confirmDeduct.getByRole('button', { name: 'Confirm' }).click();
    await toast(admin, `Successfully deducted 200 PKR from ${USERNAME}'s account`);

    // The user's dashboard, open all along in another browser, shows the new balance without a reload.
    await userPage.getByRole('button', { name: 'Balance: 300 PKR' }).waitFor({ timeout: 5_000 });
  });

  it('fits a phone screen, stays logged in for the browser session, gives default credits and logs out', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await openPanel(page);
    await page
      .getByRole('list', { name: 'Users' })
      .getByRole('button', { name: /^Add Balance for / })
      .first()
      .waitFor();
    await page.getByRole('status').first().waitFor({ state: 'detached' });
    await screenshot(page, 'admin-mobile-list');

    await page.setViewportSize({ width: 360, height: 780 });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways).toBeLessThanOrEqual(0);

    await page.reload();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();

    // Every user here signed up after the default credits existed, so nobody lacks them.
    await page.getByRole('button', { name: 'Give default credits' }).click();
    const grant = page.getByRole('dialog', { name: 'Give default credits' });
    await grant.getByRole('button', { name: 'Give credits' }).click();
    await toast(page, 'Every user already has their default credits');
    await grant.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect((await page.request.get('/api/admin/session')).status()).toBe(401);
  });

  it('asks before leaving, and Leave opens the dashboard', async () => {
    const page = await newPage();
    await signUpNewUser(page);
    await openPanel(page);

    await page.getByRole('button', { name: 'Leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave Admin Panel' });
    await dialog.waitFor();
    await screenshot(page, 'admin-leave-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Leave' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Sayso' }).waitFor();
  });
});
