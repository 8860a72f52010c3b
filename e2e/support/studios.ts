import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { spokenSampleWav } from '../../apps/server/test/helpers/samples.js';
import { openSignInPopup, signUpLocally, uniqueName } from './accounts.js';

/** Where the issue 19 screenshots go, for people to look at. */
export const HISTORY_SHOTS = '/tmp/shots19';

/** Signs a new local account up from the landing page and waits for /dashboard. */
export async function signUp(page: Page, prefix: string): Promise<void> {
  await page.goto('/');
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, `${uniqueName(prefix)}@example.test`, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  // The address changes first; the landing page stays on screen until the dashboard's code has loaded.
  await page.getByRole('heading', { level: 1, name: 'Welcome to Sayso' }).waitFor();
}

/** Opens /dashboard2 and chooses Oliver in the voice picker, whatever voice it arrived with. */
export async function openPresetStudioWithOliver(page: Page): Promise<void> {
  await page.goto('/dashboard2');
  await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
  await page.getByRole('button', { name: /Select a Voice|Change$/ }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: /^Oliver/ }).click();
  await modal.waitFor({ state: 'detached' });
}

/** The credits the header shows, as a number, once the account has loaded. */
export async function headerCredits(page: Page): Promise<number> {
  const button = page.getByRole('banner').getByRole('button', { name: /^[\d,]+ credits/ });
  await button.waitFor();
  const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
  return Number((name.match(/^([\d,]+) credits/)?.[1] ?? 'NaN').replaceAll(',', ''));
}

/** Generates `text` in /dashboard2 with Oliver, and waits for the result. */
export async function generateInPresetStudio(page: Page, text: string, { speed }: { speed?: string } = {}) {
  await page.goto('/dashboard2');
  await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
  // The studio arrives with a voice chosen for the browser's language, once the voices have loaded.
  const voice = page.getByRole('button', { name: /Change$/ });
  await voice.waitFor();
  if (!(await page.getByRole('button', { name: /Oliver/ }).count())) {
    await voice.click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: /^Oliver/ }).click();
    await modal.waitFor({ state: 'detached' });
  }
  if (speed) await page.getByLabel('Speed').fill(speed);
  await page.getByLabel('Your text').fill(text);
  await page.getByRole('button', { name: 'Generate Voice' }).click();
  await page.getByTestId('result-audio').waitFor({ state: 'attached', timeout: 90_000 });
}

/** Appends silence to a PCM WAV until it lasts `seconds` (the clone service wants 10 s at least). */
function padWav(wav: Buffer, seconds: number): Buffer {
  const dataAt = wav.indexOf('data', 12, 'ascii');
  const dataStart = dataAt + 8;
  const byteRate = wav.readUInt32LE(28);
  const blockAlign = wav.readUInt16LE(32);
  const wanted = Math.round((seconds * byteRate) / blockAlign) * blockAlign;
  const data = wav.subarray(dataStart);
  const padded = Buffer.concat([wav.subarray(0, dataStart), data, Buffer.alloc(Math.max(0, wanted - data.length))]);
  padded.writeUInt32LE(padded.length - 8, 4);
  padded.writeUInt32LE(padded.length - dataStart, dataStart - 4);
  return padded;
}

/**
 * Creates a cloned voice through the API the clone studio uses (its own upload, conversion and
 * creation are the clone studio test's subject), from a real spoken sample.
 */
export async function createClonedVoice(page: Page, name: string): Promise<string> {
  const wav = padWav(await spokenSampleWav('en-gb+m3', 40), 12);
  const answer = await page.evaluate(
    async ({ base64, voiceName }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const form = new FormData();
      form.append('audio', new File([bytes], 'sample.wav', { type: 'audio/wav' }));
      form.append('voice_name', voiceName);
      form.append('language_tag', 'English');
      form.append('need_noise_reduction', 'false');
      const response = await fetch('/api/voice/clone', { method: 'POST', body: form });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { base64: wav.toString('base64'), voiceName: name },
  );
  expect(answer.status).toBe(200);
  const body = (answer.body.data ?? answer.body) as Record<string, unknown>;
  const id = String(body.clone_voice_id ?? body.voice_id ?? body.id ?? '');
  expect(id).not.toBe('');
  return id;
}

/** Picks the saved voice `name` in /dashboard3 and generates `text` with it. */
export async function generateInCloneStudio(page: Page, name: string, text: string) {
  await page.goto('/dashboard3');
  await page.getByRole('button', { name: 'Cloned Voices' }).click();
  const voices = page.getByRole('dialog', { name: 'Your Cloned Voices' });
  await voices.getByRole('button', { name: `Use ${name}` }).click();
  await voices.waitFor({ state: 'detached' });
  await page.getByLabel('Text to speak').fill(text);
  await page.getByRole('button', { name: 'Generate Voice' }).click();
  await page.getByTestId('result-audio').waitFor({ state: 'attached', timeout: 90_000 });
}

/** A screenshot for issue 19, from the top of the page (a scrolled full-page shot paints the sticky header mid-page). */
export async function historyShot(page: Page, name: string): Promise<void> {
  await mkdir(HISTORY_SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: `${HISTORY_SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** How far the page is wider than the window (0 or less: nothing sticks out). */
export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Opens the header's account menu and picks `item`. A late account load redraws the header and
 * closes an open menu, so the menu is opened again (a few times at most) until the item can be picked.
 */
export async function chooseFromAccountMenu(page: Page, item: string): Promise<void> {
  const trigger = page.getByRole('banner').getByRole('button', { name: /account menu$/i });
  const entry = page.getByRole('menuitem', { name: item });
  for (let attempt = 1; ; attempt += 1) {
    if (!(await entry.isVisible())) await trigger.click();
    try {
      await entry.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}
