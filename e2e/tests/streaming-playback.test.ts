import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openPresetStudioWithOliver, signUp } from '../support/studios.js';

const { newPage } = useBrowser();

/**
 * About 9,000 characters (a new account holds 10,000 credits): eSpeak needs many seconds for all
 * of it on this machine, and its first sentence well under one.
 */
const LONG_TEXT = Array.from(
  { length: 90 },
  (_, index) => `Paragraph ${index + 1} goes on reading aloud while the rest of the speech is still being made.`,
)
  .join(' ')
  .slice(0, 9_000);

/**
 * The task's status as the API tells its owner. A busy server may refuse a read (503, load
 * shedding): it is read again, and a status read later is never earlier in the task's life.
 */
async function taskStatus(page: Page, taskId: string): Promise<string> {
  return page.evaluate(async (id) => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await fetch(`/api/elevenlabs/task/${id}`);
      if (response.ok) return ((await response.json()) as { status: string }).status;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return 'unreadable';
  }, taskId);
}

describe('streaming first audio (issue 15)', () => {
  it('starts playing a long text in the preset studio while its task is still processing', async () => {
    const page = await newPage();
    await signUp(page, 'stream');
    await openPresetStudioWithOliver(page);
    await page.getByLabel('Your text').fill(LONG_TEXT);

    const submitted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/elevenlabs/tts',
    );
    await page.getByRole('button', { name: 'Generate Voice' }).click();
    const { task_id: taskId } = (await (await submitted).json()) as { task_id: string };

    const live = page.getByTestId('live-audio');
    await live.waitFor({ state: 'attached', timeout: 20_000 });
    // The Generate click lets the page play sound; a browser that still refuses leaves the Play button.
    if (await live.evaluate((el) => (el as HTMLAudioElement).paused)) {
      await page.getByRole('button', { name: 'Play', exact: true }).click();
    }
    await expect
      .poll(() => live.evaluate((el) => (el as HTMLAudioElement).currentTime), { timeout: 20_000, interval: 100 })
      .toBeGreaterThan(0);
    // Playback began, and the render is not over: the speech is heard before the task is done.
    expect(await taskStatus(page, taskId)).toBe('processing');
    await page.getByText('Playing as it is generated').waitFor();
    expect(await page.getByTestId('result-audio').count()).toBe(0);

    // Once done, the finished file's player takes over (seekable, downloadable), where the stream got to.
    const heardBefore = await live.evaluate((el) => (el as HTMLAudioElement).currentTime);
    const result = page.getByTestId('result-audio');
    await result.waitFor({ state: 'attached', timeout: 60_000 });
    expect(await taskStatus(page, taskId)).toBe('done');
    await expect
      .poll(() => result.evaluate((el) => (el as HTMLAudioElement).currentTime), { timeout: 15_000 })
      .toBeGreaterThan(heardBefore);
    await page.getByRole('link', { name: 'Download Audio' }).waitFor();
    await expect.poll(() => page.getByTestId('live-audio').count(), { timeout: 10_000 }).toBe(0);
  });
});
