import { launchChromium } from '../../e2e/support/chromium.js';

export interface LandingBytes {
  scripts: number;
  /** The scripts as the page runs them. */
  decodedBytes: number;
  /** What crossed the wire for them (response bodies as sent). */
  transferredBytes: number;
  encodings: string[];
}

/**
 * Loads the landing page in Chromium, as a first-time visitor with an empty cache, and adds up
 * the JavaScript it downloads: its size as run, and its size as sent.
 */
export async function measureLandingScripts(baseUrl: string): Promise<LandingBytes> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts: Promise<{ decoded: number; transferred: number; encoding: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        (async () => ({
          decoded: (await response.body()).length,
          transferred: (await response.request().sizes()).responseBodySize,
          encoding: (await response.headerValue('content-encoding')) ?? 'none',
        }))(),
      );
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const measured = await Promise.all(scripts);
    return {
      scripts: measured.length,
      decodedBytes: measured.reduce((sum, script) => sum + script.decoded, 0),
      transferredBytes: measured.reduce((sum, script) => sum + script.transferred, 0),
      encodings: [...new Set(measured.map((script) => script.encoding))],
    };
  } finally {
    await browser.close();
  }
}
