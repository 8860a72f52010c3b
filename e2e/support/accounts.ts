import type { Page } from 'playwright-core';

let counter = 0;
/** A login name no other test uses, so each test starts from a brand-new user. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** Clicks whatever opens the sign-in popup and returns the popup once it has loaded. */
export async function openSignInPopup(page: Page, trigger: () => Promise<void>): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), trigger()]);
  await popup.getByRole('heading', { name: 'Sign in to Sayso' }).waitFor();
  return popup;
}

/** Goes through the popup's identity-provider button and the provider's own login form. */
export async function signInWithIdentityProvider(popup: Page, login: string): Promise<void> {
  await popup.getByRole('button', { name: 'Continue with Test Identity' }).click();
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any password works here');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
}

/** Creates a local account in the popup (name, email, password). */
export async function signUpLocally(popup: Page, email: string, password: string): Promise<void> {
  await popup.getByRole('button', { name: 'Create an account' }).click();
  await popup.getByLabel('Name').fill('Local Tester');
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Password').fill(password);
  await popup.getByRole('button', { name: 'Create account' }).click();
}

/**
 * Creates a local account straight through the API, for tests that need a user to exist but are
 * not about signing up (the popup's own flow is sign-in.test.ts's subject).
 */
export async function signUpOverHttp(baseUrl: string, email: string, name = 'Local Tester'): Promise<void> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'correct horse battery', name }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
}
