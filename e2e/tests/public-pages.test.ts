import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, screenshot, useBrowser, VIEWPORTS } from '../support/browser.js';

const { newPage } = useBrowser();

/** Each public route with texts the spec requires on it. */
const PUBLIC_PAGES = [
  { path: '/', name: 'landing', texts: ['Try Demo', 'Generate Voice', 'Go To Pricing'] },
  {
    path: '/pricing',
    name: 'pricing',
    texts: ['Simple, Transparent Pricing', 'No hidden fees, no subscriptions.', 'Buy Now'],
  },
  { path: '/blogs', name: 'blogs', texts: ['Subscribe'] },
  {
    path: '/docs',
    name: 'docs',
    texts: [
      'Getting Started',
      'Voice Selection',
      'Voice Cloning',
      'Pricing & Credits',
      'Troubleshooting',
      'Support',
      'MiniMax',
      'ElevenLabs',
    ],
  },
  { path: '/faqs', name: 'faqs', texts: ['Frequently Asked Questions', 'Which voice providers does Sayso use?'] },
  { path: '/terms', name: 'terms', texts: ['18', 'arbitration', 'California'] },
  { path: '/privacy', name: 'privacy', texts: ['August 25, 2025', 'essential cookies'] },
] as const;

async function visibleText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

describe('public pages', () => {
  for (const route of PUBLIC_PAGES) {
    it(`${route.path} renders its key texts, one h1 and the shared footer, without accessibility violations`, async () => {
      const page = await newPage();
      await page.goto(route.path);
      await page.locator('h1').first().waitFor();
      const text = await visibleText(page);
      for (const expected of route.texts) expect(text).toContain(expected);
      expect(await page.locator('h1').count()).toBe(1);
      const footer = page.getByRole('contentinfo');
      await expect.poll(() => footer.innerText()).toMatch(/©\s*\d{4} Sayso/);
      await expectAccessible(page);
    });

    it(`${route.path} fits 360 px without sideways scrolling and is captured at 390 and 1280 px`, async () => {
      const narrow = await newPage({ width: 360, height: 740 });
      await narrow.goto(route.path);
      await narrow.locator('h1').first().waitFor();
      const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const page = await newPage(viewport);
        await page.goto(route.path);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `public-${route.name}-${size}`);
      }
    });
  }

  it('footer links reach their pages, including the capitalised /Blogs, /Docs and /FAQs', async () => {
    const page = await newPage();
    const expectations = [
      { link: 'Pricing', url: /\/pricing$/, heading: 'Simple, Transparent Pricing' },
      { link: 'Blogs', url: /\/Blogs$/, heading: /blog/i },
      { link: 'Docs', url: /\/Docs$/, heading: /doc/i },
      { link: 'FAQs', url: /\/FAQs$/, heading: /question|faq/i },
      { link: 'Terms of Service', url: /\/terms$/, heading: /terms/i },
      { link: 'Privacy Policy', url: /\/privacy$/, heading: /privacy/i },
    ];
    await page.goto('/');
    for (const { link, url, heading } of expectations) {
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(url);
      await expect
        .poll(() => page.locator('h1').innerText())
        .toMatch(typeof heading === 'string' ? new RegExp(heading) : heading);
    }
  });

  it('header navigation goes to Pricing, Blogs, Docs and Faq', async () => {
    const page = await newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path] of [
      ['Pricing', '/pricing'],
      ['Blogs', '/blogs'],
      ['Docs', '/docs'],
      ['Faq', '/faqs'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((u) => u.pathname === path);
    }
  });

  it('each navigation starts at the top of the new page', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.locator('#demo-section').waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.body.scrollHeight);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Docs', exact: true }).click();
    await page.waitForURL(/\/Docs$/);
    // The landing page has an h1 too, so wait for the docs content itself before reading the scroll.
    await page.getByRole('heading', { name: 'Getting Started' }).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('the burger button opens and closes the mobile menu', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Open menu' });
    await expect.poll(() => burger.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await burger.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    await screenshot(page, 'public-mobile-menu-open');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Docs' }).click();
    await page.waitForURL(/\/docs$/);
    expect(await menu.count()).toBe(0);
  });

  it('Try Demo scrolls smoothly down to the demo section', async () => {
    const page = await newPage();
    await page.goto('/');
    const demo = page.locator('#demo-section');
    expect(await demo.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(800);
    await page
      .getByRole('button', { name: 'Try Demo' })
      .or(page.getByRole('link', { name: 'Try Demo' }))
      .first()
      .click();
    await expect
      .poll(() => demo.evaluate((el) => Math.abs(el.getBoundingClientRect().top)), { timeout: 5_000 })
      .toBeLessThan(120);
  });

  it('the landing page shows a 100-bar waveform, both provider cards and the six packs', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByTestId('hero-waveform').waitFor();
    expect(await page.getByTestId('hero-waveform').locator(':scope > *').count()).toBe(100);
    expect(await page.getByTestId('feature-card-minimax').getAttribute('href')).toBe('/dashboard3');
    expect(await page.getByTestId('feature-card-elevenlabs').getAttribute('href')).toBe('/dashboard2');
    // The packs arrive from the API after the page has drawn; wait for the last one before reading.
    await page.getByText('28,000', { exact: false }).first().waitFor();
    const text = await visibleText(page);
    for (const price of ['3,000', '5,500', '7,700', '12,000', '15,000', '28,000']) expect(text).toContain(price);
    await page.getByRole('link', { name: 'Go To Pricing' }).click();
    await page.waitForURL(/\/pricing$/);
  });

  it('the demo caps text at 150 characters and asks for a voice and text before generating', async () => {
    const page = await newPage();
    await page.goto('/#demo-section');
    const box = page.locator('#demo-section textarea');
    await box.fill('x'.repeat(200));
    expect((await box.inputValue()).length).toBe(150);
    await box.fill('');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.locator('#demo-section').getByRole('button', { name: 'Generate Voice' }).click();
    // The spec's message shows in the page, not in a native dialog that blocks it.
    await page
      .locator('#demo-section')
      .getByRole('alert')
      .getByText('Please select a voice and enter some text!')
      .waitFor();
    expect(dialogs).toEqual([]);
  });

  it('the FAQ accordion keeps one item open at a time', async () => {
    const page = await newPage();
    await page.goto('/faqs');
    const questions = page.locator('main button[aria-expanded]');
    await questions.first().waitFor();
    expect(await questions.count()).toBe(15);
    // The providers answer names both voice providers, as the spec asks of the FAQ copy.
    await page.getByRole('button', { name: 'Which voice providers does Sayso use?' }).click();
    await expect
      .poll(() => page.locator('main').innerText())
      .toMatch(/MiniMax[\s\S]*ElevenLabs|ElevenLabs[\s\S]*MiniMax/);
    await questions.nth(0).click();
    await expect.poll(() => page.locator('main button[aria-expanded="true"]').count()).toBe(1);
    await questions.nth(3).click();
    await expect.poll(() => questions.nth(3).getAttribute('aria-expanded')).toBe('true');
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('main button[aria-expanded="true"]').count()).toBe(1);
  });

  it('pricing Go Back returns to the landing page when signed out, and the chat button opens a new tab', async () => {
    const page = await newPage();
    await page.goto('/pricing');
    const chat = page.getByRole('link', { name: /whatsapp/i });
    expect(await chat.getAttribute('target')).toBe('_blank');
    expect(await chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/.*\?text=/);
    await page
      .getByRole('button', { name: 'Go Back' })
      .or(page.getByRole('link', { name: 'Go Back' }))
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('dashboards send a visitor without a session back to the landing page', async () => {
    const page = await newPage();
    for (const path of ['/dashboard', '/dashboard2', '/dashboard3']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/');
    }
  });

  it('unknown pages show a not-found page and unknown API routes answer JSON', async () => {
    const page = await newPage();
    const response = await page.goto('/no-such-page');
    // The not-found page, with a status that says so (no soft 404 for crawlers and monitors).
    expect(response?.status()).toBe(404);
    await expect.poll(() => visibleText(page)).toMatch(/not found|404/i);
    const api = await page.request.get('/api/no-such-route');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ error: 'Route GET /api/no-such-route not found', code: 'ROUTE_NOT_FOUND' });
  });
});
