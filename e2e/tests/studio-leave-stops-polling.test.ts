import type { Request, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openPresetStudioWithOliver, signUp } from '../support/studios.js';

const { newPage } = useBrowser();

/** The preset studio reads its task every 5 s (spec section 4, provider B). */
const POLL_INTERVAL_MS = 5_000;
/** Room for a reading that was due just as the page was left, on a busy machine. */
const MARGIN_MS = 2_000;

/** About 9,000 characters: long enough that the studio's first readings find the task unfinished. */
const LONG_TEXT = Array.from(
  { length: 90 },
  (_, index) => `Paragraph ${index + 1} keeps the task rendering while the person goes somewhere else in the app.`,
)
  .join(' ')
  .slice(0, 9_000);

const isTaskReading = (request: Request) =>
  request.method() === 'GET' && /^\/api\/elevenlabs\/task\/[^/]+$/.test(new URL(request.url()).pathname);

/** The status a reading of the studio's found, or null for an answer without one. */
async function statusRead(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
  return typeof body?.status === 'string' ? body.status : null;
}

describe('leaving a studio while its task renders (issue 36)', () => {
  it('stops reading the task within one polling interval', async () => {
    const page = await newPage();
    await signUp(page, 'leave');
    await openPresetStudioWithOliver(page);
    // The slowest speed makes the longest audio, so the render outlasts the studio's first reading
    // on a fast machine too (at normal speed a quiet CI machine finished it within ten seconds).
    await page.getByLabel('Speed').fill('0.5');
    await page.getByLabel('Your text').fill(LONG_TEXT);

    const readings: string[] = [];
    const statusesRead: (string | null)[] = [];
    page.on('request', (request) => {
      if (isTaskReading(request)) readings.push(request.url());
    });
    page.on('response', (response) => {
      if (isTaskReading(response.request())) void statusRead(response).then((status) => statusesRead.push(status));
    });
    const submitted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/elevenlabs/tts',
    );
    await page.getByRole('button', { name: 'Generate Voice' }).click();
    expect((await submitted).ok()).toBe(true);
    // Polling is under way: the studio has read its task at least once, and heard back.
    await expect.poll(() => statusesRead.length, { timeout: POLL_INTERVAL_MS * 3, interval: 100 }).toBeGreaterThan(0);
    // Its last reading found the task unfinished, so a studio that kept polling would read it again.
    expect(['queued', 'processing']).toContain(statusesRead.at(-1));

    // Leave by the app's own link: the page stays loaded, so only the studio's own cleanup can stop the readings.
    await page.evaluate(() => Reflect.set(window, 'stillTheSamePage', true));
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Sayso' }).waitFor();
    const readingsWhenLeft = readings.length;

    // The thing measured: one whole interval (and a margin) passes without a reading.
    await page.waitForTimeout(POLL_INTERVAL_MS + MARGIN_MS);
    expect(readings).toHaveLength(readingsWhenLeft);
    expect(await page.evaluate(() => Reflect.get(window, 'stillTheSamePage'))).toBe(true);
  }, 90_000);
});
