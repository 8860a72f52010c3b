import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser } from '../support/browser.js';
import { E2E_ADMIN } from '../support/staff.js';

const { newPage } = useBrowser();

// Named like a catalogue voice, with a model file the runtime cannot load.
const MODEL = 'vits-piper-en_US-lessac-medium';

/** One ustar header: name, mode, sizes and the checksum, the fields a reader checks. */
function tarHeader(name: string, size: number, type: '0' | '5'): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100);
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write(type, 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/** A Piper voice's layout as sherpa-onnx packs it (one folder, a model and its tokens) with dummy bytes the runtime refuses. */
function voiceArchive(): Buffer {
  const files: [string, Buffer][] = [
    [`${MODEL}/${MODEL}.onnx`, Buffer.alloc(4096, 3)],
    [`${MODEL}/tokens.txt`, Buffer.from('_ 0\na 1\n')],
  ];
  const parts = [tarHeader(`${MODEL}/`, 0, '5')];
  for (const [name, body] of files) {
    parts.push(tarHeader(name, body.length, '0'), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

async function openModels(page: Page): Promise<void> {
  await page.goto('/admin-panel');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Models' }).click();
  await page.getByRole('heading', { name: 'Speech models' }).waitFor();
}

describe('admin model manager', () => {
  it('shows the catalogue and the empty state, accessibly', async () => {
    // Installing and removing a real (stand-in) model through this page: e2e/tests/neural-models.test.ts.
    const page = await newPage({ width: 1280, height: 900 });
    await openModels(page);
    const catalogue = page.getByRole('region', { name: 'Catalogue' });
    await expect.poll(() => catalogue.getByText('kokoro-multi-lang-v1_0', { exact: true }).isVisible()).toBe(true);
    const installed = page.getByRole('region', { name: 'Installed on this server' });
    await installed.getByText('No models installed yet').waitFor();
    await screenshot(page, 'admin-models-empty');
    await expectAccessible(page);
  });

  it('refuses an archive whose model does not load, and says why', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await openModels(page);
    await page.getByLabel('Model archive').setInputFiles({
      name: `${MODEL}.tar.gz`,
      mimeType: 'application/gzip',
      buffer: voiceArchive(),
    });
    await page.getByRole('button', { name: 'Upload and install' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/did not load/);
    await page.getByRole('region', { name: 'Installed on this server' }).getByText('No models installed yet').waitFor();
  });

  it('fits a phone screen, navigation included', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await openModels(page);
    await screenshot(page, 'admin-models-phone', { fullPage: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
  });

  it('shows why an upload is refused', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await openModels(page);
    await page.getByLabel('Model archive').setInputFiles({
      name: 'notes.tar.gz',
      mimeType: 'application/gzip',
      buffer: gzipSync(Buffer.alloc(1024)),
    });
    await page.getByRole('button', { name: 'Upload and install' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/not a model Sayso can run/);
    await screenshot(page, 'admin-models-refused', { fullPage: false });
  });
});
