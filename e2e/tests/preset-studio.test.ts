import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import {
  downloadedBytes,
  expectAccessible,
  focusedName,
  isInViewport,
  screenshot,
  useBrowser,
} from '../support/browser.js';

const { newPage } = useBrowser();

const TEXT = [
  'Sayso turns written words into clear speech in a few seconds.',
  'Type a script, choose a voice from the library, and adjust its speed, pitch and volume.',
  'When the audio is ready you can play it here or download it as an MP3 file for your video.',
  'Every character costs one credit, so this paragraph costs exactly its length.',
]
  .join(' ')
  .padEnd(300, ' Thank you for listening.')
  .slice(0, 300);

async function signIn(page: Page) {
  await page.goto('/');
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, `${uniqueName('studio')}@example.test`, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

describe('/dashboard2, the preset-voice studio', () => {
  it('generates real speech from 300 characters with a chosen voice and settings, and charges exactly 300 credits', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto('/dashboard2');
    await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
    // The figure arrives with the account; until then the sidebar shows a dash.
    await expect.poll(() => page.getByTestId('sidebar-credits').innerText(), { timeout: 10_000 }).toBe('10,000');

    await page.getByRole('button', { name: /Select a Voice|Change$/ }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: /^Oliver/ }).waitFor();
    expect(
      await modal.getByTestId('voice-list').evaluate((el) => el.getBoundingClientRect().height),
    ).toBeLessThanOrEqual(600);
    // One preview at a time: starting another stops the first.
    await modal.getByRole('button', { name: 'Play preview of Ava' }).click();
    await modal.getByRole('button', { name: 'Stop preview of Ava' }).waitFor();
    await modal.getByRole('button', { name: 'Play preview of Marcus' }).click();
    await modal.getByRole('button', { name: 'Stop preview of Marcus' }).waitFor();
    expect(await modal.getByRole('button', { name: 'Play preview of Ava' }).count()).toBe(1);
    await screenshot(page, 'dashboard2-voice-picker', { fullPage: false });
    await expectAccessible(page);
    await modal.getByRole('button', { name: /^Oliver/ }).click();
    await modal.waitFor({ state: 'detached' });

    await page.getByLabel('Speed').fill('1.2');
    await page.getByLabel('Pitch').fill('2');
    await page.getByLabel('Your text').fill(TEXT);
    expect(await page.getByTestId('character-count').innerText()).toBe('300 / 50,000 characters');
    const submitted = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/elevenlabs/tts',
    );
    await page.getByRole('button', { name: 'Generate Voice' }).click();
    // The slider values travel with the request.
    expect((await submitted).postDataJSON()).toMatchObject({ text: TEXT, speed: 1.2, pitch: 2, volume: 1 });
    await page.getByRole('progressbar', { name: 'Generation progress' }).waitFor();
    await screenshot(page, 'dashboard2-generating');

    const audio = page.getByTestId('result-audio');
    // The audio element has no controls of its own (the player draws them), so it is attached, not visible.
    await audio.waitFor({ state: 'attached', timeout: 60_000 });
    // The result lands below the text box: it is scrolled into view, with focus on its player's
    // button: Play, or Pause when it took over from the live stream still playing (decision 0025).
    const playerButton = page.getByRole('button', { name: /^(Play|Pause)$/ });
    await expect.poll(() => isInViewport(playerButton), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => focusedName(page), { timeout: 5_000 }).toMatch(/^(Play|Pause)$/);
    await expect
      .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).duration), { timeout: 15_000 })
      .toBeGreaterThan(5);
    // The audio really plays: after Play (or on from the stream) the position moves on.
    if ((await playerButton.getAttribute('aria-label')) === 'Play') await playerButton.click();
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expect
      .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.5);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    // A full-page shot of a scrolled page paints the sticky header mid-page: start from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'dashboard2-result');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download Audio' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('generated-audio.mp3');
    const bytes = await downloadedBytes(download);
    expect(bytes.length).toBeGreaterThan(10_000);
    // MPEG audio frame sync in the first two bytes.
    expect(bytes[0]).toBe(0xff);
    expect((bytes[1] ?? 0) & 0xe0).toBe(0xe0);

    await expect.poll(() => page.getByTestId('sidebar-credits').innerText(), { timeout: 10_000 }).toBe('9,700');
    // The task's SRT transcript exists and covers the whole text, sentence by sentence.
    const tasks = (await page.evaluate(async () => (await fetch('/api/minimax/tasks')).json())) as {
      items: { transcript_url: string }[];
    };
    const srt = await (await fetch(tasks.items[0]?.transcript_url ?? '')).text();
    const spoken = srt
      .trim()
      .split('\n\n')
      .map((cue) => cue.split('\n').slice(2).join(' '))
      .join(' ');
    expect(spoken).toBe(TEXT.replace(/\s+/g, ' ').trim());

    // The studio shows that transcript and offers it as SRT and as WebVTT with the same cue timings.
    await page.getByText('Transcript', { exact: true }).click();
    await page
      .getByRole('list', { name: 'Transcript' })
      .getByText(/Sayso turns written words/)
      .waitFor();
    await expectAccessible(page);
    const downloaded = async (name: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
      return { name: file.suggestedFilename(), text: (await downloadedBytes(file)).toString('utf8') };
    };
    const srtFile = await downloaded('Download SRT');
    expect(srtFile).toEqual({ name: 'generated-audio.srt', text: srt });
    const vttFile = await downloaded('Download VTT');
    expect(vttFile.name).toBe('generated-audio.vtt');
    const srtTimings = [...srt.matchAll(/(\d\d:\d\d:\d\d),(\d{3}) --> (\d\d:\d\d:\d\d),(\d{3})/g)].map(
      ([, from, fromMs, to, toMs]) => `${from}.${fromMs} --> ${to}.${toMs}`,
    );
    expect(srtTimings.length).toBeGreaterThan(2);
    expect(vttFile.text.startsWith('WEBVTT\n\n')).toBe(true);
    expect([...vttFile.text.matchAll(/\S+ --> \S+/g)].map(([timing]) => timing)).toEqual(srtTimings);
    // Chromium's own WebVTT parser reads every cue, at the SRT's start times.
    const parsedStarts = await page.evaluate(async (vtt) => {
      const video = document.createElement('video');
      const track = document.createElement('track');
      track.src = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
      track.default = true;
      video.append(track);
      document.body.append(video);
      await new Promise((resolve, reject) => {
        track.onload = resolve;
        track.onerror = reject;
      });
      const cues = track.track.cues;
      const starts = Array.from({ length: cues?.length ?? 0 }, (_, index) =>
        Math.round((cues?.[index]?.startTime ?? -1) * 1000),
      );
      video.remove();
      return starts;
    }, vttFile.text);
    expect(parsedStarts).toEqual(
      srtTimings.map((timing) => {
        const [hours, minutes, seconds] = (timing.split(' ')[0] ?? '').split(':').map(Number);
        return Math.round(((hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0)) * 1000);
      }),
    );
    // The preferred voice comes back when the studio opens again.
    await page.reload();
    await page.getByRole('button', { name: /^Oliver/ }).waitFor();
  }, 120_000);

  it('asks for text and a voice before generating', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto('/dashboard2');
    await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate Voice' }).isDisabled()).toBe(true);
    await page.getByLabel('Your text').fill('Hello');
    expect(await page.getByRole('button', { name: 'Generate Voice' }).isDisabled()).toBe(true);
  });
});
