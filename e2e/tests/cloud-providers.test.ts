import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeElevenLabs, startFakeElevenLabs } from '../../apps/server/test/fakes/fake-elevenlabs.js';
import { type FakeMinimax, startFakeMinimax } from '../../apps/server/test/fakes/fake-minimax.js';
import { spokenSampleWav } from '../../apps/server/test/helpers/samples.js';
import { openSignInPopup, signUpLocally, uniqueName } from '../support/accounts.js';
import { useBrowser } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';
import { adminSession, E2E_ADMIN } from '../support/staff.js';

const { newPage } = useBrowser();

let elevenlabs: FakeElevenLabs;
let minimax: FakeMinimax;
let server: RunningServer;

beforeAll(async () => {
  elevenlabs = await startFakeElevenLabs();
  minimax = await startFakeMinimax();
  // A server of its own, configured for both clouds and pointed at the fakes on loopback.
  server = await startServer({
    env: {
      ELEVENLABS_API_KEY: elevenlabs.apiKey,
      ELEVENLABS_BASE_URL: elevenlabs.url,
      MINIMAX_API_KEY: minimax.apiKey,
      MINIMAX_BASE_URL: minimax.url,
      SIGN_IN_ATTEMPTS_PER_MINUTE: '100',
      SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await elevenlabs?.close();
  await minimax?.close();
});

async function signIn(page: Page) {
  await page.goto(`${server.baseUrl}/`);
  const popup = await openSignInPopup(page, () =>
    page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
  );
  await signUpLocally(popup, `${uniqueName('cloud')}@example.test`, 'correct horse battery');
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

describe('the studio on cloud providers (fakes on loopback)', () => {
  it('reports both cloud engines up and serving their providers', async () => {
    // Engine details are for staff only; /api/health tells anyone just whether the server is up.
    const cookie = await adminSession(server.baseUrl);
    const health = (await (await fetch(`${server.baseUrl}/api/admin/health`, { headers: { cookie } })).json()) as {
      engines: unknown[];
    };
    expect(health.engines).toContainEqual({ id: 'minimax', status: 'up', serves: ['clone'] });
    expect(health.engines).toContainEqual({ id: 'elevenlabs', status: 'up', serves: ['preset'] });
  });

  it('generates on /dashboard2 with an ElevenLabs voice and model, with an SRT from its alignment', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto(`${server.baseUrl}/dashboard2`);
    await page.getByRole('heading', { name: 'Preset voices' }).waitFor();
    await page.getByLabel('Model').selectOption('eleven_flash_v2_5');
    await page.getByRole('button', { name: /Select a Voice|Change$/ }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: /^George/ }).click();
    await modal.waitFor({ state: 'detached' });
    const text = 'Hello from the cloud studio. This second sentence has its own cue.';
    await page.getByLabel('Your text').fill(text);
    await page.getByRole('button', { name: 'Generate Voice' }).click();
    const audio = page.getByTestId('result-audio');
    await audio.waitFor({ state: 'attached', timeout: 60_000 });
    await expect
      .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).duration), { timeout: 15_000 })
      .toBeGreaterThan(2);

    // A task is spoken sentence by sentence (decision 0019): one request each, with the chosen model.
    const sent = elevenlabs.requests.filter(
      (entry) => entry.path === '/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb/with-timestamps',
    );
    expect(sent.map((entry) => entry.json?.text)).toEqual([
      'Hello from the cloud studio.',
      'This second sentence has its own cue.',
    ]);
    for (const entry of sent) expect(entry.json).toMatchObject({ model_id: 'eleven_flash_v2_5' });
    expect(sent.map((entry) => entry.json?.text).join(' ')).toBe(text);
    // The task's transcript, read as the signed-in user reads their task list.
    const tasks = await page.evaluate(async () => (await fetch('/api/minimax/tasks')).json());
    const transcriptUrl = (tasks as { items: { transcript_url: string }[] }).items[0]?.transcript_url ?? '';
    const srt = await (await fetch(transcriptUrl)).text();
    expect(srt).toMatch(
      /^1\n00:00:00,000 --> .*\nHello from the cloud studio\.\n\n2\n.*\nThis second sentence has its own cue\./s,
    );
  });

  it('clones on /dashboard3 through MiniMax, speaks with the clone, and deletes it at MiniMax too', async () => {
    const samplePath = path.join(tmpdir(), `${uniqueName('cloud-sample')}.wav`);
    await writeFile(samplePath, await spokenSampleWav('en-us+f2', 60));
    const page = await newPage();
    await signIn(page);
    await page.goto(`${server.baseUrl}/dashboard3`);
    await page.getByTestId('sample-input').setInputFiles(samplePath);
    await page.getByRole('dialog', { name: 'Converting Audio File' }).waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('loaded-file-name').waitFor();
    await page.getByLabel('Voice name').fill('Cloud voice');
    await page.getByRole('button', { name: 'Create Voice' }).click();
    await page.getByText('Voice Created Successfully').waitFor({ timeout: 30_000 });
    const upload = minimax.requests.find((entry) => entry.path === '/v1/files/upload');
    expect(upload?.form).toMatchObject({ purpose: 'voice_clone' });
    const cloneRequest = minimax.requests.find((entry) => entry.path === '/v1/voice_clone');
    const voiceId = String(cloneRequest?.json?.voice_id);
    expect(minimax.clonedVoices.has(voiceId)).toBe(true);

    await page.getByLabel('Text to speak').fill('The cloud clone speaks this sentence. And this one too.');
    await page.getByRole('button', { name: 'Generate Voice' }).click();
    const audio = page.getByTestId('result-audio');
    await audio.waitFor({ state: 'attached', timeout: 60_000 });
    await expect
      .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).duration), { timeout: 15_000 })
      .toBeGreaterThan(1);
    const spoken = minimax.requests.filter(
      (entry) =>
        entry.path === '/v1/t2a_v2' &&
        (entry.json?.voice_setting as { voice_id?: string } | undefined)?.voice_id === voiceId,
    );
    // One request per sentence (decision 0019).
    expect(spoken.map((entry) => entry.json?.text)).toEqual([
      'The cloud clone speaks this sentence.',
      'And this one too.',
    ]);

    await page.getByRole('button', { name: 'Cloned Voices' }).click();
    await page.getByRole('button', { name: 'Delete Cloud voice' }).click();
    await page.getByRole('dialog', { name: 'Delete this voice?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No cloned voices yet. Create your first voice clone!').waitFor();
    expect(minimax.requests.at(-1)).toMatchObject({ path: '/v1/delete_voice', json: { voice_id: voiceId } });
    expect(minimax.clonedVoices.has(voiceId)).toBe(false);
  });
});
