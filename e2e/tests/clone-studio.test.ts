import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { spokenSampleWav } from '../../apps/server/test/helpers/samples.js';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';

const { newPage } = useBrowser();

const TEXT = 'My cloned voice reads this text aloud, sentence by sentence, so the transcript has several cues. '
  .repeat(6)
  .slice(0, 500);

async function signIn(page: Page) {
  await page.goto('/');
  // On a phone the header's Login lives in the burger menu.
  const headerLogin = page.getByRole('banner').getByRole('button', { name: 'Login' });
  const popup = await openSignInPopup(page, async () => {
    if (await headerLogin.isVisible()) return headerLogin.click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Login' }).click();
  });
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

  it('turns a WebM video sample, recorded in the browser, into MP3 and creates a voice from it', async () => {
    const wav = await spokenSampleWav('en-us+m3', 50);
    const page = await newPage();
    await signIn(page);
    await page.goto('/dashboard3');
    // Record a real video (a canvas track plus the spoken sample as its sound) with MediaRecorder.
    const webm = await page.evaluate(async (wavBase64) => {
      const bytes = Uint8Array.from(atob(wavBase64), (char) => char.charCodeAt(0));
      const context = new AudioContext();
      const buffer = await context.decodeAudioData(bytes.buffer);
      const source = context.createBufferSource();
      source.buffer = buffer;
      const sound = context.createMediaStreamDestination();
      source.connect(sound);
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      const paint = canvas.getContext('2d');
      const video = canvas.captureStream(10);
      const timer = setInterval(() => {
        if (!paint) return;
        paint.fillStyle = `hsl(${Date.now() % 360}, 70%, 50%)`;
        paint.fillRect(0, 0, 64, 64);
      }, 100);
      const recorder = new MediaRecorder(
        new MediaStream([...video.getVideoTracks(), ...sound.stream.getAudioTracks()]),
        {
          mimeType: 'video/webm;codecs=vp8,opus',
        },
      );
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start();
      source.start();
      await new Promise((resolve) => {
        source.onended = resolve;
      });
      recorder.stop();
      await stopped;
      clearInterval(timer);
      const blob = new Blob(chunks, { type: 'video/webm' });
      const data = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of data) binary += String.fromCharCode(byte);
      return btoa(binary);
    }, wav.toString('base64'));
    const videoPath = path.join(tmpdir(), `${uniqueName('clip')}.webm`);
    await writeFile(videoPath, Buffer.from(webm, 'base64'));

    await page.getByTestId('sample-input').setInputFiles(videoPath);
    const conversion = page.getByRole('dialog', { name: 'Converting Audio File' });
    await conversion.getByText('Complete!').waitFor({ timeout: 30_000 });
    await conversion.waitFor({ state: 'detached' });
    expect(await page.getByTestId('loaded-file-name').innerText()).toBe(`${path.basename(videoPath, '.webm')}.mp3`);
    await page.getByRole('button', { name: 'Create Voice' }).click();
    await page.getByText('Voice Created Successfully').waitFor({ timeout: 30_000 });
  }, 90_000);

  it('refuses a file that is not audio with the spec’s message (on a phone-sized screen)', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await signIn(page);
    await page.goto('/dashboard3');
    const notes = path.join(tmpdir(), `${uniqueName('notes')}.txt`);
    await writeFile(notes, 'not audio');
    await page.getByTestId('sample-input').setInputFiles(notes);
    await page.getByText('Unsupported file format: TXT. Please upload a valid audio or video file.').waitFor();
    await screenshot(page, 'dashboard3-mobile-error');
    await page.getByRole('button', { name: 'Create Voice' }).click();
    await page.getByText('Please upload an audio file first.').waitFor();
  });
});
