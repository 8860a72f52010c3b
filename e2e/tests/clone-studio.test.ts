import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { spokenSampleWav } from '../../apps/server/test/helpers/samples.js';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { expectAccessible, screenshot, useBrowser } from '../support/browser.js';

const { newPage } = useBrowser();

const TEXT = 'My cloned voice reads this text aloud, sentence by sentence, so the transcript has several cues. '
  .repeat(6)
  .slice(0, 500);

async function signIn(page: Page) {
  await page.goto('/');
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, `${uniqueName('clone')}@example.test`, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

describe('/dashboard3, the cloning studio', () => {
  it('converts a WAV sample, creates a voice, speaks 500 characters with it, and deletes it', async () => {
    // A real 15-second speech sample, made here by the local engine and saved as WAV.
    const samplePath = path.join(tmpdir(), `${uniqueName('sample')}.wav`);
    await writeFile(samplePath, await spokenSampleWav('en-gb+m3', 40));

    const page = await newPage();
    await signIn(page);
    await page.goto('/dashboard3');
    await page.getByRole('heading', { name: 'Sayso', level: 1 }).waitFor();
    await screenshot(page, 'dashboard3-empty');
    await expectAccessible(page);

    await page.getByTestId('sample-input').setInputFiles(samplePath);
    const conversion = page.getByRole('dialog', { name: 'Converting Audio File' });
    await conversion.waitFor();
    await screenshot(page, 'dashboard3-converting', { fullPage: false });
    await conversion.getByText('Complete!').waitFor({ timeout: 30_000 });
    await conversion.waitFor({ state: 'detached' });
    expect(await page.getByTestId('loaded-file-name').innerText()).toMatch(/\.mp3$/);
    expect(await page.getByLabel('Voice name').inputValue()).toBe(path.basename(samplePath, '.wav'));
    await page.getByLabel('Voice name').fill('Studio voice');
    await screenshot(page, 'dashboard3-file-loaded');

    await page.getByRole('button', { name: 'Create Voice' }).click();
    await page.getByText('Voice Created Successfully').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Voice Created' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Cloned Voices' }).click();
    const voices = page.getByRole('dialog', { name: 'Your Cloned Voices' });
    await voices.getByText('1 / 5 voices saved').waitFor();
    await voices.getByText('In Use').waitFor();
    await screenshot(page, 'dashboard3-voices-modal', { fullPage: false });
    await voices.getByRole('button', { name: 'Use Studio voice' }).click();
    await page.getByText('Voice "Studio voice" selected! You can now generate TTS with this voice.').waitFor();

    await page.getByLabel('Text to speak').fill(TEXT);
    expect(await page.getByTestId('clone-character-count').innerText()).toBe('500 / 5000 characters');
    await page.getByRole('button', { name: 'Generate Voice' }).click();
    const audio = page.getByTestId('result-audio');
    await audio.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).duration), { timeout: 15_000 })
      .toBeGreaterThan(5);
    await page.getByText('Transcript', { exact: true }).click();
    await page
      .getByRole('list', { name: 'Transcript' })
      .getByText(/My cloned voice reads this text aloud/)
      .first()
      .waitFor();
    await screenshot(page, 'dashboard3-result');
    expect(await page.getByTestId('clone-sidebar-credits').innerText()).toBe('9,500');

    await page.getByRole('button', { name: 'Cloned Voices' }).click();
    await voices.getByRole('button', { name: 'Delete Studio voice' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this voice?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Your Cloned Voices' })
      .getByText('No cloned voices yet. Create your first voice clone!')
      .waitFor();
  });

  it('refuses a file that is not audio with the spec’s message', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto('/dashboard3');
    const notes = path.join(tmpdir(), `${uniqueName('notes')}.txt`);
    await writeFile(notes, 'not audio');
    await page.getByTestId('sample-input').setInputFiles(notes);
    await page.getByText('Unsupported file format: TXT. Please upload a valid audio or video file.').waitFor();
    await page.getByRole('button', { name: 'Create Voice' }).click();
    await page.getByText('Please upload an audio file first.').waitFor();
  });
});
