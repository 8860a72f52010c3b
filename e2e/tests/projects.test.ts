import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SAMPLE_BOOK, SAMPLE_CHARACTERS, sampleEpub } from '../../apps/server/test/projects/support/build-epub.js';
import { downloadedBytes, expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';
import { overflow, signUp } from '../support/studios.js';

const { newPage } = useBrowser();

const DESKTOP = { width: 1280, height: 900 } as const;
const number = new Intl.NumberFormat('en-US');

/** A full-page screenshot from the top (taken while scrolled, the sticky header lands mid-picture). */
async function pageShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, name);
}

/** The page at 390 px: nothing wider than the window, a screenshot, and axe; then back to the desktop. */
async function checkPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(VIEWPORTS.mobile);
  await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
  await pageShot(page, `${name}-mobile`);
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
}

/** Two voice names the project's voice library offers (the clone studio's preset voices), other than `narrator`. */
async function twoOtherVoices(page: Page, narrator: string): Promise<[string, string]> {
  const names = await page.evaluate(async () => {
    const response = await fetch('/api/minimax/voices', { credentials: 'same-origin' });
    const body = (await response.json()) as { voices: { name: string }[] };
    return body.voices.map((voice) => voice.name);
  });
  const distinct = [...new Set(names)].filter((name) => name !== narrator);
  const [first, second] = distinct;
  if (!first || !second) throw new Error(`need two more voices, the library has ${distinct.length}`);
  return [first, second];
}

/** Opens a speaker's voice library and chooses `voiceName` in it. */
async function castSpeaker(page: Page, speaker: string, voiceName: string): Promise<void> {
  const cast = page.getByRole('region', { name: 'Cast' });
  await cast.getByRole('button', { name: new RegExp(`^Voice for ${speaker}: .*Change$`) }).click();
  const library = page.getByRole('dialog');
  await library.getByRole('searchbox').fill(voiceName);
  await library
    .getByRole('button', { name: new RegExp(`^${voiceName}`) })
    .first()
    .click();
  await library.waitFor({ state: 'detached' });
  await cast.getByRole('button', { name: `Voice for ${speaker}: ${voiceName}. Change`, exact: true }).waitFor();
}

describe('projects', () => {
  it('imports an EPUB, casts its speakers, renders the book, plays it and downloads the ZIP', async () => {
    const page = await newPage(DESKTOP);
    await signUp(page, 'projects');

    // From the dashboard to an empty list.
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/projects');
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.getByText('No projects yet').waitFor();
    await expect.poll(() => page.title()).toBe('Projects - Sayso');
    await page.getByRole('button', { name: /^Narrator: .+\. Change$/ }).waitFor();
    await pageShot(page, 'projects-empty-desktop');
    await expectAccessible(page);
    await checkPhoneWidth(page, 'projects-empty');

    // A file the list refuses before sending it, in the server's own words.
    const file = page.getByLabel(/^Manuscript file/);
    await file.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByRole('button', { name: 'Create project' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This file type cannot be imported. Choose a .txt, .md, .epub or .docx file.' })
      .waitFor();

    // The sample book: three chapters, dialogue between Tom and Anna.
    await file.setInputFiles({ name: 'salt-and-light.epub', mimeType: 'application/epub+zip', buffer: sampleEpub() });
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL((url) => /^\/projects\/[^/]+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: SAMPLE_BOOK.title }).waitFor();
    const chapters = page.getByRole('navigation', { name: 'Chapters' });
    for (const chapter of SAMPLE_BOOK.chapters)
      await chapters.getByRole('button', { name: chapter.title, exact: true }).waitFor();
    const cast = page.getByRole('region', { name: 'Cast' });
    expect(
      await cast.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
    ).toEqual(expect.arrayContaining(['Anna', 'Tom']));

    // A voice for each speaker, from the voice library.
    const narratorButton = page
      .getByRole('region', { name: 'Project settings' })
      .getByRole('button', { name: /^Narrator: .+\. Change$/ });
    const narrator =
      /^Narrator: (.+)\. Change$/.exec((await narratorButton.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    const [tomVoice, annaVoice] = await twoOtherVoices(page, narrator);
    await castSpeaker(page, 'Tom', tomVoice);
    await castSpeaker(page, 'Anna', annaVoice);

    // Before anything is spent: the estimate is the book's characters.
    const estimate = page.getByTestId('estimate-project');
    await expect
      .poll(() => estimate.innerText())
      .toContain(`${number.format(SAMPLE_CHARACTERS)} characters = ${number.format(SAMPLE_CHARACTERS)} credits`);
    await pageShot(page, 'project-editor-cast-desktop');
    await expectAccessible(page);
    await checkPhoneWidth(page, 'project-editor-cast');

    // Render the whole book; progress comes from the server until every paragraph has audio.
    await page.getByRole('button', { name: 'Render project' }).click();
    const progress = page.getByTestId('render-progress');
    await expect.poll(() => progress.innerText(), { timeout: 180_000, interval: 500 }).toMatch(/ready to listen/);
    expect(await progress.innerText()).toContain('9 of 9 paragraphs rendered');
    await expect.poll(() => estimate.innerText()).toContain('everything is rendered');

    // A reload keeps it: the progress is the server's.
    await page.reload();
    await expect.poll(() => progress.innerText(), { timeout: 30_000 }).toContain('9 of 9 paragraphs rendered');

    // Play from the second paragraph of the first chapter: it is highlighted as it is read.
    await page.getByRole('button', { name: 'Listen to this chapter' }).click();
    const player = page.getByTestId('chapter-player');
    await player.waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Play from here (Paragraph 2)' }).click();
    const second = page.getByRole('listitem', { name: 'Paragraph 2' });
    await expect.poll(() => second.getAttribute('aria-current'), { timeout: 15_000 }).toBe('true');
    await expect
      .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await player.evaluate((audio: HTMLAudioElement) => audio.pause());
    await pageShot(page, 'project-editor-rendered-desktop');
    await expectAccessible(page);

    // ACX figures per chapter, each with its verdict.
    await page.getByRole('button', { name: 'Measure chapters' }).click();
    const figures = page.getByRole('list', { name: 'ACX figures per chapter' }).getByRole('listitem');
    await expect.poll(() => figures.count(), { timeout: 60_000 }).toBe(3);
    expect(await figures.first().innerText()).toMatch(/Passes|Fails/);
    expect(await figures.first().innerText()).toMatch(/RMS\s+−\d+\.\d dB/);

    // The ZIP export: one MP3 per chapter.
    await page.getByRole('button', { name: /^Download/ }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('menuitem', { name: /ZIP of chapter MP3s/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const entries = Object.keys(unzipSync(new Uint8Array(await downloadedBytes(download))));
    expect(entries.filter((name) => name.endsWith('.mp3'))).toHaveLength(3);
    await checkPhoneWidth(page, 'project-editor-rendered');

    // From the keyboard: the first paragraph at 1.25x. Only it changed, so only it would be rendered again.
    const first = page.getByRole('listitem', { name: 'Paragraph 1' });
    const firstLength = [...(SAMPLE_BOOK.chapters[0]?.paragraphs[0] ?? '')].length;
    await first.getByRole('button', { name: 'More for Paragraph 1' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: '1.25×' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => first.innerText()).toContain('Changed since render');
    expect(await first.innerText()).toContain('1.25× speed');
    await expect
      .poll(() => estimate.innerText())
      .toContain(`1 paragraph, ${number.format(firstLength)} characters = ${number.format(firstLength)} credits`);

    // Back on the list: duplicate, then delete the copy after confirming.
    await page.getByRole('link', { name: 'Back to projects' }).click();
    const rows = page.getByRole('list', { name: 'Your projects' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: `Duplicate ${SAMPLE_BOOK.title}`, exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await pageShot(page, 'projects-list-desktop');
    await page.getByRole('button', { name: `Delete ${SAMPLE_BOOK.title} (copy)`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this project?' });
    await confirm.getByRole('button', { name: 'Delete project' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => rows.count()).toBe(1);
    await checkPhoneWidth(page, 'projects-list');
  }, 300_000);
});
