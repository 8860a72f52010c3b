import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloadedBytes, expectAccessible, useBrowser, VIEWPORTS } from '../support/browser.js';
import {
  chooseFromAccountMenu,
  createClonedVoice,
  generateInCloneStudio,
  generateInPresetStudio,
  headerCredits,
  historyShot,
  overflow,
  signUp,
} from '../support/studios.js';

const { newPage } = useBrowser();

const PRESET_TEXT = 'The lighthouse keeper counted seven ships tonight. Each one passed safely by the rocks.';
const CLONE_TEXT = 'My own voice reads the weather report. Tomorrow brings rain over the harbour.';
const VOICE_NAME = 'Harbour voice';

/** The history item whose text starts with `text`. */
const itemOf = (page: Page, text: string): Locator =>
  page.getByTestId('history-item').filter({ has: page.getByText(text.slice(0, 30)) });

async function waitForList(page: Page, count: number) {
  await expect.poll(() => page.getByTestId('history-item').count(), { timeout: 15_000 }).toBe(count);
}

/** Clicks a download link and returns the file's name and bytes. */
async function download(page: Page, link: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), bytes: await downloadedBytes(file) };
}

/** A WebVTT time (00:00:01.250) in milliseconds. */
const vttMs = (time: string) => {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return Math.round((hours * 3600 + minutes * 60 + seconds) * 1000);
};

describe('/history', () => {
  it('finds what both studios made, searches, filters, plays, downloads and deletes it', {
    timeout: 300_000,
  }, async () => {
    const page = await newPage(VIEWPORTS.desktop, { locale: 'en-US' });
    await signUp(page, 'history');

    // Empty: reached from the account menu, with the way to both studios.
    // The menu is opened once the account has loaded (a late load redraws the header and closes it).
    expect(await headerCredits(page)).toBe(10_000);
    await chooseFromAccountMenu(page, 'History');
    await page.waitForURL((url) => url.pathname === '/history');
    await expect.poll(() => page.title()).toBe('History - Sayso');
    await page.getByText('No generations yet').waitFor();
    expect(await page.getByRole('link', { name: 'Open the preset studio' }).getAttribute('href')).toBe('/dashboard2');
    expect(await page.getByRole('link', { name: 'Open the clone studio' }).getAttribute('href')).toBe('/dashboard3');
    await page.getByTestId('storage-used').waitFor();
    await historyShot(page, 'history-empty-1280');
    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await historyShot(page, 'history-empty-390');
    await page.setViewportSize(VIEWPORTS.desktop);

    // One generation in each studio, through their own screens.
    await generateInPresetStudio(page, PRESET_TEXT, { speed: '1.2' });
    await createClonedVoice(page, VOICE_NAME);
    await generateInCloneStudio(page, VOICE_NAME, CLONE_TEXT);

    // The dashboard shows them as the latest generations.
    await page.goto('/dashboard');
    const recent = page.getByRole('region', { name: 'Recent generations' });
    await expect.poll(() => recent.getByTestId('recent-generation').count(), { timeout: 15_000 }).toBe(2);
    expect(await recent.getByTestId('recent-generation').first().innerText()).toContain(CLONE_TEXT.slice(0, 30));
    await recent.getByRole('link', { name: /View all/ }).click();
    await page.waitForURL((url) => url.pathname === '/history');

    // Both, newest first, with what they were made with.
    await waitForList(page, 2);
    const preset = itemOf(page, PRESET_TEXT);
    const clone = itemOf(page, CLONE_TEXT);
    await expect.poll(() => preset.getByTestId('history-status').innerText(), { timeout: 30_000 }).toBe('Done');
    await expect.poll(() => clone.getByTestId('history-status').innerText(), { timeout: 30_000 }).toBe('Done');
    expect(await page.getByTestId('history-item').first().innerText()).toContain(CLONE_TEXT.slice(0, 30));
    const presetFacts = await preset.innerText();
    expect(presetFacts).toContain('Oliver');
    expect(presetFacts).toContain('Preset studio');
    expect(presetFacts).toContain(`${PRESET_TEXT.length} characters · ${PRESET_TEXT.length} credits`);
    const cloneFacts = await clone.innerText();
    expect(cloneFacts).toContain(VOICE_NAME);
    expect(cloneFacts).toContain('Cloned');
    expect(cloneFacts).toContain('Clone studio');
    expect(await page.getByTestId('storage-used').innerText()).not.toMatch(/^0 B used/);
    await historyShot(page, 'history-full-1280');
    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await historyShot(page, 'history-full-390');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Search in the text: a word only the preset text has.
    await page.getByLabel('Search text').fill('lighthouse');
    await waitForList(page, 1);
    expect(await page.getByTestId('history-item').innerText()).toContain('lighthouse');
    expect(new URL(page.url()).searchParams.get('q')).toBe('lighthouse');
    await page.getByLabel('Search text').fill('');
    await waitForList(page, 2);

    // Filters: the voice, the source and the status.
    await page.getByLabel('Voice', { exact: true }).selectOption({ label: `${VOICE_NAME} (cloned)` });
    await waitForList(page, 1);
    expect(await page.getByTestId('history-item').innerText()).toContain(CLONE_TEXT.slice(0, 30));
    await historyShot(page, 'history-filtered-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await historyShot(page, 'history-filtered-390');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByLabel('Voice', { exact: true }).selectOption('');
    await page.getByLabel('Source', { exact: true }).selectOption({ label: 'Preset studio' });
    await waitForList(page, 1);
    expect(await page.getByTestId('history-item').innerText()).toContain(PRESET_TEXT.slice(0, 30));
    await page.getByLabel('Source', { exact: true }).selectOption('');
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Failed' });
    await page.getByText('No generations match').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Done' });
    await waitForList(page, 2);
    await page.getByLabel('Status', { exact: true }).selectOption('');

    // The waveform is drawn before Play, not faint placeholder ticks until played (issue 40);
    // wavesurfer paints canvases in its shadow root, which locators pierce.
    await expect.poll(() => preset.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await preset.getByTestId('history-audio').evaluate((el) => (el as HTMLAudioElement).paused)).toBe(true);

    // Play in place: the waveform player's audio moves on.
    await preset.getByRole('button', { name: /^Play / }).click();
    await preset.getByRole('button', { name: /^Pause / }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => preset.getByTestId('history-audio').evaluate((el) => (el as HTMLAudioElement).currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.2);
    // The waveform is drawn (wavesurfer paints canvases in its shadow root, which locators pierce).
    await expect.poll(() => preset.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await preset.getByRole('button', { name: /^Pause / }).click();

    // Downloads: an MP3, and subtitles whose words are the text.
    const mp3 = await download(page, preset.getByRole('link', { name: /^Download MP3/ }));
    expect(mp3.name).toMatch(/\.mp3$/);
    expect(mp3.bytes.length).toBeGreaterThan(5_000);
    const id3 = mp3.bytes.subarray(0, 3).toString('latin1') === 'ID3';
    const frameSync = mp3.bytes[0] === 0xff && ((mp3.bytes[1] ?? 0) & 0xe0) === 0xe0;
    expect(id3 || frameSync).toBe(true);

    const srt = (await download(page, preset.getByRole('link', { name: /^Download SRT/ }))).bytes.toString('utf8');
    const srtCues = srt.trim().split(/\n\s*\n/);
    expect(srtCues.length).toBeGreaterThanOrEqual(2);
    for (const [index, cue] of srtCues.entries()) {
      const [number, timing] = cue.split('\n');
      expect(number).toBe(String(index + 1));
      expect(timing).toMatch(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
    }
    expect(
      srtCues
        .map((cue) => cue.split('\n').slice(2).join(' '))
        .join(' ')
        .replace(/\s+/g, ' '),
    ).toBe(PRESET_TEXT);

    const vtt = (await download(page, preset.getByRole('link', { name: /^Download VTT/ }))).bytes.toString('utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    const vttCues = [
      ...vtt.matchAll(/(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})[^\n]*\n([\s\S]*?)(?:\n\n|\n?$)/g),
    ].map(([, from = '', to = '', words = '']) => ({ from: vttMs(from), to: vttMs(to), words: words.trim() }));
    expect(vttCues.length).toBe(srtCues.length);
    for (const [index, cue] of vttCues.entries()) {
      expect(cue.to).toBeGreaterThan(cue.from);
      expect(cue.from).toBeGreaterThanOrEqual(vttCues[index - 1]?.to ?? 0);
    }
    expect(
      vttCues
        .map((cue) => cue.words)
        .join(' ')
        .replace(/\s+/g, ' '),
    ).toBe(PRESET_TEXT);
    // Chromium's own WebVTT parser reads the same cues.
    const parsed = await page.evaluate(async (text) => {
      const video = document.createElement('video');
      const track = document.createElement('track');
      track.src = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
      track.default = true;
      video.append(track);
      document.body.append(video);
      await new Promise((resolve, reject) => {
        track.onload = resolve;
        track.onerror = reject;
      });
      const cues = Array.from(track.track.cues ?? [], (cue) => Math.round(cue.startTime * 1000));
      video.remove();
      return cues;
    }, vtt);
    expect(parsed).toEqual(vttCues.map((cue) => cue.from));

    // Use in studio: the preset studio opens with the text, the voice and the speed.
    await preset.getByRole('button', { name: /^Use in studio: / }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard2');
    expect(await page.getByLabel('Your text').inputValue()).toBe(PRESET_TEXT);
    await page.getByRole('button', { name: /Oliver/ }).waitFor();
    expect(await page.getByLabel('Speed').inputValue()).toBe('1.2');
    await page.goBack();
    await waitForList(page, 2);

    // Delete, after a confirmation: gone from the list, and the credits stay as they were.
    const credits = await headerCredits(page);
    await clone.getByRole('button', { name: /^Delete / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this generation?' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete generation' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForList(page, 1);
    expect(await clone.count()).toBe(0);
    await page.reload();
    await waitForList(page, 1);
    expect(await headerCredits(page)).toBe(credits);
  });
});
