import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signUp } from '../support/studios.js';

const { newPage } = useBrowser();

/** The preset studio reads its task every 5 s (spec section 4, provider B). */
const POLL_INTERVAL_MS = 5_000;
/** Room for a reading that was due just as the page was left, on a busy machine. */
const MARGIN_MS = 2_000;

/** About 9,000 characters: eSpeak needs well over the test's half minute for all of it on this machine. */
const LONG_TEXT = Array.from(
  { length: 90 },
  (_, index) => `Paragraph ${index + 1} keeps the task rendering while the person goes somewhere else in the app.`,
)
  .join(' ')
  .slice(0, 9_000);

const isTaskReading = (request: Request) =>
  request.method() === 'GET' && /^\/api\/elevenlabs\/task\/[^/]+$/.test(new URL(request.url()).pathname);

/** The task's status, read outside the page (its own readings are what the test counts). */
async function taskStatus(page: Page, taskId: string): Promise<string> {
  const response = await page.context().request.get(`/api/elevenlabs/task/${taskId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { status: string }).status;
}

describe('leaving a studio while its task renders (issue 36)', () => {
  it('stops reading the task within one polling interval', async () => {
    const page = await newPage();
    await signUp(page, 'leave');
    await page.goto('/dashboard2');
    await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
    await page.getByRole('button', { name: /Select a Voice|Change$/ }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: /^Oliver/ }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByLabel('Your text').fill(LONG_TEXT);

    const readings: string[] = [];
    page.on('request', (request) => {
      if (isTaskReading(request)) readings.push(request.url());
    });
    const submitted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/elevenlabs/tts',
    );
    await page.getByRole('button', { name: 'Generate Voice' }).click();
    const { task_id: taskId } = (await (await submitted).json()) as { task_id: string };
    // Polling is under way: the studio has read its task at least once.
    await expect.poll(() => readings.length, { timeout: POLL_INTERVAL_MS * 3, interval: 100 }).toBeGreaterThan(0);

    // Leave by the app's own link: the page stays loaded, so only the studio's own cleanup can stop the readings.
    await page.evaluate(() => Reflect.set(window, 'stillTheSamePage', true));
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Sayso' }).waitFor();
    const readingsWhenLeft = readings.length;

    // The thing measured: one whole interval (and a margin) passes without a reading.
    await page.waitForTimeout(POLL_INTERVAL_MS + MARGIN_MS);
    expect(readings).toHaveLength(readingsWhenLeft);
    expect(await page.evaluate(() => Reflect.get(window, 'stillTheSamePage'))).toBe(true);
    // The task was still rendering, so a studio that kept polling would have read it again.
    expect(['queued', 'processing']).toContain(await taskStatus(page, taskId));
  }, 90_000);
});
