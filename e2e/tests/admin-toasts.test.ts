import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueName } from '../support/accounts.js';
import { expectAccessible, screenshot, useBrowser } from '../support/browser.js';
import { E2E_ADMIN } from '../support/staff.js';

const { newPage, baseUrl } = useBrowser();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A user with a longish work email (about 50 characters), as offices have. */
async function createUserWithLongEmail(): Promise<string> {
  const email = `${uniqueName('toasts')}@accounts-dept.example.test`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'correct horse battery', name: 'Toast Tester' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  return email;
}

async function openPanel(page: Page): Promise<void> {
  await page.goto('/admin-panel');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
}

/** Types a search and waits for the server's answer to it. */
async function search(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes(`search=${encodeURIComponent(text)}`));
  await page.getByLabel('Search users').fill(text);
  await answered;
}

/** The notices on screen; found by CSS, as an open dialog hides the rest of the page from the accessibility tree. */
async function visibleToasts(page: Page): Promise<Locator[]> {
  const all = await page
    .locator('[role="status"]')
    .filter({ hasText: /^(Successfully|No users found|Error)/ })
    .all();
  const visible: Locator[] = [];
  for (const toast of all) if (await toast.isVisible()) visible.push(toast);
  return visible;
}

const listToasts = (page: Page) => page.getByRole('status').filter({ hasText: /^Successfully loaded \d+ user\(s\)$/ });

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** How many of the toasts cover part of the box. */
async function overlapCount(toasts: Locator[], box: Box): Promise<number> {
  let count = 0;
  for (const toast of toasts) if (overlaps(await boxOf(toast), box)) count += 1;
  return count;
}

describe('admin notices and the users table', () => {
  it('shows no notice for loads and searches, and whole emails where the table has room', async () => {
    const email = await createUserWithLongEmail();
    const page = await newPage(DESKTOP);
    await openPanel(page);
    await search(page, 'toasts');
    await search(page, 'accounts-dept');
    await search(page, email);
    await screenshot(page, 'admin-toasts-desktop', { fullPage: false });
    await expectAccessible(page);

    const emailCell = page.getByRole('row', { name: new RegExp(email) }).getByRole('cell', { name: email });
    // Whole, and on one line: at 1280 px the email column holds about 390 px of text, and this
    // 42-character address needs about 340 px whatever letters the time stamp in it brings (a
    // 48-character one did not fit when the stamp was rich in m's and w's). Polled,
    // because the columns settle only once the last search's rows have replaced the earlier ones
    // (CI once measured the cell while an earlier result still squeezed it onto two lines).
    const emailShown = () =>
      emailCell.evaluate((cell) => {
        const text = document.createRange();
        text.selectNodeContents(cell);
        return { clipped: cell.scrollWidth > cell.clientWidth, lines: text.getClientRects().length };
      });
    await expect.poll(emailShown, { timeout: 5_000 }).toEqual({ clipped: false, lines: 1 });
    // The list says what it holds ("N users matching ..."); a notice on every keystroke said it again (issue 40).
    await page.getByText(/1 user matching/).waitFor();
    expect(await listToasts(page).count()).toBe(0);
    expect(await visibleToasts(page)).toEqual([]);
  });

  it("keeps a balance notice off the heading and the Deduct dialog's title on a phone", async () => {
    const email = await createUserWithLongEmail();
    const page = await newPage(PHONE);
    // The page's clock runs as usual until the notice is up; then it stops, so the notice's 3 s
    // cannot run out on a busy machine before the dialog has opened over it.
    await page.clock.install();
    await openPanel(page);
    await search(page, email);
    expect(await listToasts(page).count()).toBe(0);

    await page
      .getByRole('button', { name: /^Add Balance for / })
      .first()
      .click();
    const add = page.getByRole('dialog', { name: 'Add Balance' });
    await add.getByLabel('Amount (PKR)').fill('10');
    await add.getByLabel('Payment reference').fill('TOASTS-1');
    await add.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Balance Addition' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Successfully added 10 PKR/ })
      .waitFor();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 50));
    const headingBox = await boxOf(page.getByRole('heading', { name: /^Welcome, / }));
    const overHeading = await overlapCount(await visibleToasts(page), headingBox);

    // From the keyboard: on a phone the notice lies over the row's buttons while it is up.
    await page
      .getByRole('button', { name: /^Deduct Balance for / })
      .first()
      .press('Enter');
    const title = page.getByRole('dialog', { name: 'Deduct Balance' }).getByRole('heading', { name: 'Deduct Balance' });
    await title.waitFor();
    // The top-up's notice is still up while the dialog is open.
    const toasts = await visibleToasts(page);
    expect(toasts.length).toBeGreaterThan(0);
    const overTitle = await overlapCount(toasts, await boxOf(title));
    await screenshot(page, 'admin-toasts-phone-deduct', { fullPage: false });
    await page.clock.resume();
    await expectAccessible(page);
    expect({ overHeading, overTitle }).toEqual({ overHeading: 0, overTitle: 0 });
  });
});
