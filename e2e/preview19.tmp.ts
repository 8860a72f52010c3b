// Throwaway: previews the history UI with mocked history answers (not committed).
import { launchChromium } from './support/chromium.js';
import { startServer } from './support/server.js';
import { openSignInPopup, signUpLocally } from './support/accounts.js';

const server = await startServer();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.baseUrl, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await page.goto('/');
  const popup = await openSignInPopup(page, () => page.getByRole('banner').getByRole('button', { name: 'Login' }).click());
  await signUpLocally(popup, `prev${Date.now()}@example.test`, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const id = (n: number) => String(n).repeat(32).slice(0, 32).replace(/[^a-f0-9]/g, 'a');
  const base = {
    characters: 88, credits_charged: 88, voice_id: 'oliver', voice_name: 'Oliver', cloned: false, engine: 'espeak',
    model_id: 'espeak-standard', settings: { speed: 1.2, pitch: 0, volume: 1, language: null }, status: 'done', progress: 100,
    error: null, source: 'preset', api_key_name: null, duration_ms: 6400, created_at: new Date().toISOString(),
    audio_expired: false, has_timeline: true,
  };
  const urls = (i: string) => ({ audio_url: `/api/history/${i}/audio.mp3`, mp3_url: `/api/history/${i}/download/mp3`, srt_url: `/api/history/${i}/download/srt`, vtt_url: `/api/history/${i}/download/vtt` });
  const none = { audio_url: null, mp3_url: null, srt_url: null, vtt_url: null };
  const items = [
    { ...base, id: 'b'.repeat(32), excerpt: 'My own voice reads the weather report. Tomorrow brings rain over the harbour.', voice_name: 'Harbour voice with a long name', cloned: true, source: 'clone', has_timeline: false, ...urls('b'.repeat(32)) },
    { ...base, id: 'c'.repeat(32), excerpt: 'Still rendering this long chapter of the audiobook.', status: 'processing', progress: 45, source: 'api', api_key_name: 'Audiobook script', duration_ms: null, ...none },
    { ...base, id: 'd'.repeat(32), excerpt: 'This failed.', status: 'failed', error: 'The speech engine stopped unexpectedly.', credits_charged: 0, duration_ms: null, ...none },
    { ...base, id: 'a'.repeat(32), excerpt: 'The lighthouse keeper counted seven ships tonight. Each one passed safely by the rocks. '.repeat(3).slice(0, 200), characters: 1200, credits_charged: 1200, ...urls('a'.repeat(32)) },
  ];
  let empty = true;
  await page.route('**/api/history?*', (route) => route.fulfill({ json: { items: empty ? [] : items, total: empty ? 0 : 24, page: 1, page_size: 10, voices: [{ id: 'oliver', name: 'Oliver', cloned: false }], storage: { used_bytes: 3_400_000, limit_bytes: 524_288_000 }, retention_days: 30 } }));
  const texts = ['The morning train left the station on time.', 'A small dog watched it from the platform.', 'Clouds gathered slowly over the hills.', 'The driver hummed a quiet song.'];
  let t = 0;
  const sentences = texts.map((text, position) => { const s = { position, text, start_ms: t, end_ms: t + 2100, takes: [{ id: `t${position}`, text, seed: 12, duration_ms: 2100, chosen: true, created_at: base.created_at, audio_url: '/x.mp3' }] }; t += 2100; return s; });
  sentences[1]?.takes.unshift({ id: 'old', text: 'A small dog watched.', seed: 3, duration_ms: 1500, chosen: false, created_at: base.created_at, audio_url: '/y.mp3' });
  await page.route(`**/api/history/${'a'.repeat(32)}/timeline`, (route) => route.fulfill({ json: { item: items[3], sentences, seeds: true } }));
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    empty = true;
    await page.goto('/history'); await page.getByText('No generations yet').waitFor();
    await page.screenshot({ path: `/tmp/preview19/empty-${w}.png`, fullPage: true });
    await page.goto('/dashboard'); await page.getByText('No generations yet').waitFor();
    await page.screenshot({ path: `/tmp/preview19/dash-empty-${w}.png`, fullPage: true });
    empty = false;
    await page.goto('/history'); await page.getByTestId('history-item').first().waitFor();
    await page.screenshot({ path: `/tmp/preview19/full-${w}.png`, fullPage: true });
    await page.goto('/dashboard'); await page.getByTestId('recent-generation').first().waitFor();
    await page.screenshot({ path: `/tmp/preview19/dash-${w}.png`, fullPage: true });
    await page.goto(`/history/${'a'.repeat(32)}`); await page.getByTestId('timeline-sentence').first().waitFor();
    await page.getByRole('button', { name: 'Regenerate sentence 3' }).click();
    await page.screenshot({ path: `/tmp/preview19/timeline-${w}.png`, fullPage: true });
  }
} finally {
  await browser.close();
  await server.stop();
}
