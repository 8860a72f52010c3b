import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetLinkIn, startMailbox } from '../../apps/server/test/account-area/mailbox.js';
import { signUpOverHttp, uniqueName } from '../support/accounts.js';
import { downloadedBytes, expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { ownServerEnv, type RunningServer, reservedRangePort, startServer } from '../support/server.js';
import { addBalanceAsStaff } from '../support/staff.js';
import { chooseFromAccountMenu } from '../support/studios.js';

// The account page against a server of this file's own: it sends mail to a local SMTP server, and
// after the deletions its database is read directly to check that the books still add up.
const { newPage } = useBrowser();
const PASSWORD = 'correct horse battery';

let server: RunningServer;
let dataDir: string;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
/** Users who stay while others delete their accounts: their balances are what the ledger must sum to. */
const remainingEmails: string[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
  dataDir = await mkdtemp(path.join(tmpdir(), 'sayso-e2e-account-'));
  server = await startServer({
    port: await reservedRangePort(),
    dataDir,
    env: { ...ownServerEnv(), SMTP_URL: mailbox.url, MAIL_FROM: 'Sayso <no-reply@sayso.test>' },
  });
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const url = (pathname: string) => `${server.baseUrl}${pathname}`;

/** Signs in over HTTP inside the page's browser context (its cookies are the page's), then reads /api/me for the display cookie. */
async function signInAs(page: Page, email: string, password = PASSWORD): Promise<void> {
  const signedIn = await page.request.post(url('/api/auth/sign-in/email'), {
    data: { email, password },
    headers: { origin: server.baseUrl },
  });
  expect(signedIn.status()).toBe(200);
  expect((await page.request.get(url('/api/me'))).status()).toBe(200);
}

/** The status of an email sign-in from outside any browser. */
async function signInStatus(email: string, password: string): Promise<number> {
  const response = await fetch(url('/api/auth/sign-in/email'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

/** A new user, signed in on the page, on /account reached from the user menu. */
async function openAccountPage(page: Page, prefix: string): Promise<string> {
  const email = `${uniqueName(prefix)}@example.test`;
  await signUpOverHttp(server.baseUrl, email);
  await signInAs(page, email);
  await page.goto(url('/dashboard'));
  await page.getByRole('banner').getByRole('button', { name: '10,000 credits' }).waitFor();
  await chooseFromAccountMenu(page, 'Account');
  await page.waitForURL((address) => address.pathname === '/account');
  await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
  await page.getByRole('region', { name: 'Billing' }).getByText('Balance history').waitFor();
  return email;
}

/** Speaks a sentence in the preset studio's voice over the API and waits until it is in the history. */
async function speak(page: Page, text: string): Promise<string> {
  const submitted = await page.request.post(url('/api/elevenlabs/tts'), {
    data: { text, voice_id: 'espeak-en-us-f2', model_id: 'espeak-ng', speed: 1, pitch: 0, volume: 1 },
    headers: { origin: server.baseUrl },
  });
  expect(submitted.status()).toBe(200);
  const { task_id: taskId } = (await submitted.json()) as { task_id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(url(`/api/elevenlabs/task/${taskId}`))).json()) as { status: string }).status,
      {
        timeout: 30_000,
        interval: 250,
      },
    )
    .toBe('done');
  return taskId;
}

/** Nothing on the page is wider than the window. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each([
  ['phone', VIEWPORTS.mobile],
  ['desktop', VIEWPORTS.desktop],
] as const)('the account page on a %s', (size, viewport) => {
  it('changes the password: a wrong current one is refused, then the new one signs in and the old one does not', async () => {
    const page = await newPage(viewport);
    const email = await openAccountPage(page, `password-${size}`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await screenshot(page, `account-${size}`);

    const section = page.getByRole('region', { name: 'Password' });
    await section.getByLabel('Current password').fill('not my password');
    await section.getByLabel('New password', { exact: true }).fill('a fresh password 42');
    await section.getByLabel('New password again').fill('a fresh password 42');
    await section.getByRole('button', { name: 'Change password' }).click();
    await section.getByRole('alert').filter({ hasText: 'Your current password is not correct.' }).waitFor();
    await expectAccessible(page);

    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await section.getByRole('status').filter({ hasText: 'Your password was changed.' }).waitFor();
    expect(await signInStatus(email, PASSWORD)).toBe(401);
    expect(await signInStatus(email, 'a fresh password 42')).toBe(200);
    remainingEmails.push(email);
  });

  it('exports the data as a ZIP that holds the user’s history entry and its audio', async () => {
    const page = await newPage(viewport);
    const email = await openAccountPage(page, `export-${size}`);
    const taskId = await speak(page, 'This sentence belongs in my export.');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sayso-data-\d{4}-\d\d-\d\d\.zip$/);
    const files = unzipSync(new Uint8Array(await downloadedBytes(download)));
    const read = (name: string) => JSON.parse(new TextDecoder().decode(files[name])) as unknown;
    expect(read('profile.json')).toMatchObject({ email });
    expect(read('history.json')).toEqual([
      expect.objectContaining({
        id: taskId,
        text: 'This sentence belongs in my export.',
        audioFile: `history/${taskId}.mp3`,
      }),
    ]);
    expect(files[`history/${taskId}.mp3`]?.length).toBeGreaterThan(1000);
    remainingEmails.push(email);
  });

  it('deletes the account once its email is typed: signing in fails afterwards', async () => {
    const page = await newPage(viewport);
    const email = await openAccountPage(page, `delete-${size}`);
    await addBalanceAsStaff(server.baseUrl, email, 250);
    await speak(page, 'Spend a few credits first.');
    await page.reload();

    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByText('250 PKR are forfeited').waitFor();
    await section.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your email').fill(email);
    await expectAccessible(page);
    await screenshot(page, `account-delete-${size}`, { fullPage: false });
    await confirm.click();

    await page.waitForURL((address) => address.pathname === '/');
    expect(await signInStatus(email, PASSWORD)).toBe(401);
    expect((await page.request.get(url('/api/me'))).status()).toBe(401);
  });
});

describe('forgot password, with a local SMTP server', () => {
  it('mails a link from the sign-in window; the link sets a new password that signs in', async () => {
    const email = `${uniqueName('forgot')}@example.test`;
    await signUpOverHttp(server.baseUrl, email);
    // The sign-in window itself (the landing page opens it as a popup; the forgot link is its own).
    const popup = await newPage(VIEWPORTS.mobile);
    await popup.goto(url('/auth/popup'));
    await popup.getByRole('heading', { name: 'Sign in to Sayso' }).waitFor();
    await popup.getByRole('button', { name: 'Forgot password?' }).click();
    await popup.getByLabel('Email of your account').fill(email);
    await expectAccessible(popup);
    await popup.getByRole('button', { name: 'Email me a reset link' }).click();
    await popup.getByRole('status').filter({ hasText: 'a link to choose a new password is on its way' }).waitFor();
    await screenshot(popup, 'forgot-password-sent-phone');
    await popup.close();

    const mail = await mailbox.nextMail();
    expect(mail.to).toEqual([email]);
    const reset = await newPage(VIEWPORTS.mobile);
    await reset.goto(resetLinkIn(mail));
    await reset.waitForURL((address) => address.pathname === '/reset-password' && address.searchParams.has('token'));
    await reset.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(reset);
    await reset.getByLabel('New password', { exact: true }).fill('found my way back 7');
    await reset.getByLabel('New password again').fill('found my way back 7');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await reset.getByRole('status').filter({ hasText: 'Your password was changed' }).waitFor();
    await screenshot(reset, 'reset-password-done-phone');

    expect(await signInStatus(email, PASSWORD)).toBe(401);
    expect(await signInStatus(email, 'found my way back 7')).toBe(200);
    remainingEmails.push(email);
  });
});

describe('the books after the deletions', () => {
  it('still add up: the ledger sums to the balances of the remaining users', async () => {
    await addBalanceAsStaff(server.baseUrl, remainingEmails[0] ?? '', 120);
    // The server is stopped, so its database can be opened here (PGlite has one user at a time).
    await server.stop();
    const db = new PGlite(path.join(dataDir, 'db'));
    try {
      const { rows } = await db.query<{ asset: string; ledger: string; accounts: string }>(`
        SELECT 'credits' AS asset, (SELECT sum(amount) FROM ledger_entries WHERE asset = 'credits') AS ledger,
               (SELECT sum(credits) FROM user_accounts) AS accounts
        UNION ALL
        SELECT 'money', (SELECT sum(amount) FROM ledger_entries WHERE asset = 'money'),
               (SELECT sum(balance) FROM user_accounts)
      `);
      for (const row of rows) expect(Number(row.ledger), row.asset).toBe(Number(row.accounts));
      const money = rows.find((row) => row.asset === 'money');
      expect(Number(money?.accounts)).toBe(120);
      const { rows: deleted } = await db.query<{ accounts: string }>(
        'SELECT count(DISTINCT former_account) AS accounts FROM ledger_entries WHERE user_id IS NULL',
      );
      expect(Number(deleted[0]?.accounts)).toBe(2);
      const { rows: users } = await db.query<{ email: string }>('SELECT email FROM "user"');
      expect(users.map((user) => user.email).sort()).toEqual([...remainingEmails].sort());
    } finally {
      await db.close();
    }
  });
});
