import { afterEach, describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';

const { newPage } = useBrowser();

let server: RunningServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A server of its own: without ADMIN_PASSWORD it creates the operator with a generated one-time password. */
async function freshInstallation() {
  server = await startServer();
  const line = server.output.join('').match(/Username: (\S+)\s+One-time password: (\S+)/);
  if (!line?.[1] || !line[2]) throw new Error('the server printed no one-time password');
  return { baseUrl: server.baseUrl, username: line[1], oneTimePassword: line[2] };
}

describe('the generated one-time admin password', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`must be replaced at the first sign-in, and stops working once it is (${size})`, async () => {
      const installation = await freshInstallation();
      const page = await newPage(viewport);
      const signIn = async (password: string) => {
        await page.goto(`${installation.baseUrl}/admin-panel`);
        await page.getByLabel('Username').fill(installation.username);
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Login' }).click();
      };

      await signIn(installation.oneTimePassword);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
      await expectAccessible(page);
      await screenshot(page, `admin-one-time-password-${size}`);

      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('Confirm new password').fill('short');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByRole('alert').waitFor();
      await screenshot(page, `admin-one-time-password-error-${size}`);

      const chosen = 'a password the operator chose';
      await page.getByLabel('New password', { exact: true }).fill(chosen);
      await page.getByLabel('Confirm new password').fill(chosen);
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();

      // The one-time password is spent; the chosen one opens the panel.
      const context = page.context();
      await context.clearCookies();
      await signIn(installation.oneTimePassword);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid username or password');
      await signIn(chosen);
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    });
  }
});
