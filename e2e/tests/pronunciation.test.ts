import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { signUp } from '../support/studios.js';

const { newPage } = useBrowser();

const TEXT = 'Please reply ASAP.';
const ALIAS = 'as soon as possible, with no delay at all';

interface TaskAnswer {
  status: string;
  input: string;
  result: { duration_ms: number | null } | null;
}

/** Generates TEXT in /dashboard2 and answers the finished task as the API reports it. */
async function generate(page: Page): Promise<TaskAnswer> {
  await page.getByLabel('Your text').fill(TEXT);
  const submitted = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/elevenlabs/tts',
  );
  await page.getByRole('button', { name: 'Generate Voice' }).click();
  const { task_id: taskId } = (await (await submitted).json()) as { task_id: string };
  await page.getByTestId('result-audio').waitFor({ state: 'attached', timeout: 90_000 });
  const answer = await page.request.get(`/api/elevenlabs/task/${taskId}`);
  return (await answer.json()) as TaskAnswer;
}

describe('/pronunciation, and dictionaries in the studio', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`a dictionary made in the web app changes what the preset studio says (${name}, ${viewport.width} px)`, async () => {
      // Signing up opens the identity popup from the desktop header; the test then goes on at its width.
      const page = await newPage(VIEWPORTS.desktop);
      await signUp(page, `pronunciation-${name}`);
      await page.setViewportSize(viewport);

      await page.goto('/pronunciation');
      await page.getByRole('heading', { level: 1, name: 'Pronunciation' }).waitFor();
      await page.getByText('No pronunciation dictionaries yet').waitFor();
      await page.getByLabel('Name').fill('Abbreviations');
      await page.getByRole('button', { name: 'Create dictionary' }).click();
      const card = page.getByTestId('pronunciation-dictionary');
      await card.getByRole('heading', { name: 'Abbreviations' }).waitFor();

      const form = card.getByRole('form', { name: 'Add a rule' });
      await form.getByLabel('Text').fill('ASAP');
      await form.getByLabel('Words to say').fill(ALIAS);
      await form.getByRole('button', { name: 'Add rule' }).click();
      await card.getByText(ALIAS).waitFor();
      expect(await card.getByText('1 rule', { exact: true }).count()).toBe(1);
      // No sideways scrolling at either width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `pronunciation-page-${name}`);
      await expectAccessible(page);

      // "Hear it" speaks the rule's text with the dictionary.
      const heard = page.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/elevenlabs/tts',
      );
      await card.getByRole('button', { name: 'Hear it: ASAP' }).click();
      expect((await heard).postDataJSON()).toMatchObject({
        text: 'ASAP',
        pronunciation_dictionary_ids: [expect.any(String)],
      });
      await expect
        .poll(() => card.getByRole('button', { name: /^(Hear it|Speaking…|Playing): ASAP$/ }).innerText(), {
          timeout: 60_000,
        })
        .not.toBe('Speaking…');
      expect(await card.getByRole('alert').count()).toBe(0);

      await page.goto('/dashboard2');
      await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
      await page.getByRole('button', { name: /Change$/ }).waitFor();
      const plain = await generate(page);
      expect(plain).toMatchObject({ status: 'done', input: TEXT });

      await page.getByRole('checkbox', { name: 'Abbreviations' }).check();
      await screenshot(page, `pronunciation-studio-${name}`);
      const ruled = await generate(page);
      expect(ruled).toMatchObject({ status: 'done', input: `Please reply ${ALIAS}.` });
      expect(ruled.result?.duration_ms ?? 0).toBeGreaterThan((plain.result?.duration_ms ?? 0) * 1.5);
    }, 240_000);
  }
});
