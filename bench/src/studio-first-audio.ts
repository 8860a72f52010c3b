import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/chromium.js';
import { repoRoot, startServer } from '../../e2e/support/server.js';
import { median } from './http-load.js';

const run = promisify(execFile);

/** The "before" build of this scenario: issue 35's starting commit, unless BENCH_BEFORE_COMMIT names another. */
export const BEFORE_COMMIT = process.env.BENCH_BEFORE_COMMIT ?? '4ac65d6';

/** The preset voice both builds open /dashboard2 with (remembered in the user's preferences). */
const VOICE_ID = 'espeak-en-gb-m3';

/** Click to playing is cut off here: a run that has not played by then counts as failed. */
const PLAYING_TIMEOUT_MS = 30_000;

export const FLOWS = ['arrival', 'typing', 'preview'] as const;
export type Flow = (typeof FLOWS)[number];
export const SIZES = [30, 3_000] as const;

const FLOW_WORDS: Record<Flow, string> = {
  arrival: 'right after arriving',
  typing: 'after typing',
  preview: 'after previewing a voice',
};

/** Server settings for many sign-ups and submissions from one address within minutes. */
const SERVER_ENV = {
  LOG_LEVEL: 'error',
  SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
  SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '10000',
  SPEECH_REQUESTS_PER_MINUTE: '10000',
  SPEECH_REQUESTS_PER_IP_PER_MINUTE: '10000',
  DEMO_REQUESTS_PER_HOUR: '10000',
};

/**
 * A text of about `characters` that no earlier run spoke, so every run renders cold (the sentence
 * cache would otherwise answer a repeated sentence at once).
 */
export function freshText(label: string, characters: number): string {
  if (characters <= 40) return `Run ${label} says hello to you.`.slice(0, characters);
  const sentences: string[] = [];
  for (let i = 1; sentences.join(' ').length < characters; i += 1) {
    sentences.push(`Run ${label} reads sentence ${i} of a long text in the preset studio.`);
  }
  return sentences.join(' ').slice(0, characters).trim();
}

/**
 * A commit's build, from a git worktree under /tmp: made once (its node_modules are links to this
 * checkout's packages, workspaces' own node_modules included, its own workspaces linked to its own folders) and built once, then reused.
 * Both sides are built this way, so neither is disturbed by a rebuild of the checkout's own dist
 * folders while the bench runs.
 */
export async function worktreeBuild(commit: string, log: (line: string) => void = () => {}): Promise<string> {
  const tree = `/tmp/sayso-build-${commit}`;
  const entry = path.join(tree, 'apps/server/dist/server.js');
  if (existsSync(entry) && existsSync(path.join(tree, 'apps/web/dist/index.html'))) return entry;
  if (!existsSync(tree)) {
    log(`adding a worktree of ${commit} at ${tree}`);
    await run('git', ['-C', repoRoot, 'worktree', 'add', '--detach', tree, commit]);
  }
  const modules = path.join(tree, 'node_modules');
  await mkdir(path.join(modules, '@sayso'), { recursive: true });
  for (const name of await readdir(path.join(repoRoot, 'node_modules'))) {
    if (name === '@sayso' || name === '.' || name === '..' || existsSync(path.join(modules, name))) continue;
    await symlink(path.join(repoRoot, 'node_modules', name), path.join(modules, name));
  }
  for (const [name, folder] of Object.entries({
    bench: 'bench',
    contract: 'packages/contract',
    e2e: 'e2e',
    server: 'apps/server',
    web: 'apps/web',
  })) {
    const link = path.join(modules, '@sayso', name);
    if (!existsSync(link)) await symlink(path.join('../..', folder), link);
    // A workspace's own node_modules holds the versions that differ from the root's (the server's
    // fast-xml-parser 5 beside the root's 3, say): the same folder, linked.
    const own = path.join(repoRoot, folder, 'node_modules');
    const ownLink = path.join(tree, folder, 'node_modules');
    if (existsSync(own) && !existsSync(ownLink)) await symlink(own, ownLink);
  }
  log(`building ${commit} (a minute or two)`);
  await run('npm', ['run', 'build'], { cwd: tree, maxBuffer: 64 * 1024 * 1024 });
  return entry;
}

/**
 * Notes, in the page, when the Generate click happened and when the speech's player first played.
 * Media events do not bubble, but a listener on the document's capture phase sees them. Only the
 * studio's players count (previews are detached Audio objects, never in the document). A string,
 * since the bench is type-checked without the DOM's types.
 */
const TIMING_SCRIPT = `
  const timing = { clickAt: 0, playingAt: 0 };
  window.__firstAudio = timing;
  document.addEventListener('click', (event) => {
    const button = event.target && event.target.closest ? event.target.closest('button') : null;
    if (button && button.textContent.includes('Generate Voice')) timing.clickAt = performance.now();
  }, true);
  document.addEventListener('playing', (event) => {
    const id = event.target && event.target.getAttribute ? event.target.getAttribute('data-testid') : null;
    if ((id === 'live-audio' || id === 'result-audio') && timing.playingAt === 0) timing.playingAt = performance.now();
  }, true);
`;

/** Click to playing in ms once the speech plays, else null. */
const FIRST_AUDIO_MS =
  'window.__firstAudio.playingAt > 0 ? window.__firstAudio.playingAt - window.__firstAudio.clickAt : null';

/** Whether Generate Voice can be pressed. */
const GENERATE_ENABLED =
  "[...document.querySelectorAll('button')].some((b) => b.textContent.includes('Generate Voice') && !b.disabled)";

let accounts = 0;

/** A new user in its own browser context, with the voice remembered so both builds arrive with it. */
async function newStudioUser(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  // The page's CSP forbids evaluating strings, which is how the bench reads the page (it is
  // type-checked without the DOM's types); bypassing it changes nothing the timing depends on.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort('blockedbyclient'),
  );
  await context.addInitScript({ content: TIMING_SCRIPT });
  accounts += 1;
  const email = `studio-first-audio-${Date.now().toString(36)}-${accounts}@example.test`;
  const signedUp = await context.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'bench password 123', name: 'Bench' },
    headers: { origin: baseUrl },
  });
  if (!signedUp.ok()) throw new Error(`sign-up failed: ${signedUp.status()} ${await signedUp.text()}`);
  const remembered = await context.request.put('/api/preferences', {
    data: { preferredVoiceId: VOICE_ID, preferredVoiceName: 'Oliver' },
    headers: { origin: baseUrl },
  });
  if (!remembered.ok()) throw new Error(`saving the voice failed: ${remembered.status()}`);
  // The account route writes the `user` cookie by which the web app knows someone is signed in.
  const me = await context.request.get('/api/me');
  if (!me.ok()) throw new Error(`reading the account failed: ${me.status()}`);
  return { context, page: await context.newPage() };
}

/**
 * One run: arrive at /dashboard2 and, as a person would in `flow`, press Generate; milliseconds
 * from the click to the speech playing (the live player's or the finished file's `playing`).
 * The run then waits for its task to finish, so its render does not slow the next run.
 */
export async function measureOnce(
  browser: Browser,
  baseUrl: string,
  flow: Flow,
  characters: number,
  label: string,
): Promise<number> {
  const { context, page } = await newStudioUser(browser, baseUrl);
  try {
    await page.goto('/dashboard2');
    const generate = page.getByRole('button', { name: 'Generate Voice' });
    const text = page.getByLabel('Your text');
    await text.waitFor();
    if (flow === 'typing') {
      // A person types for a few seconds: the page's own calls are long done when they press Generate.
      await page.getByRole('button', { name: /Oliver/ }).waitFor({ timeout: 15_000 });
      await text.pressSequentially(freshText(label, 30).slice(0, 20), { delay: 120 });
      await text.fill(freshText(label, characters));
    } else if (flow === 'preview') {
      await page.getByRole('button', { name: /Oliver/ }).click({ timeout: 15_000 });
      const picker = page.getByRole('dialog');
      await picker
        .getByRole('button', { name: /^Play preview of/ })
        .first()
        .click();
      await page.waitForTimeout(1_000);
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
      await text.fill(freshText(label, characters));
    } else {
      await text.fill(freshText(label, characters));
    }
    // Pressed the moment it can be: on arrival that is as soon as the remembered voice shows.
    await page.waitForFunction(GENERATE_ENABLED, undefined, { timeout: 15_000, polling: 'raf' });
    await generate.click();
    const handle = await page.waitForFunction(FIRST_AUDIO_MS, undefined, { timeout: PLAYING_TIMEOUT_MS, polling: 20 });
    const ms = (await handle.jsonValue()) as number;
    await page.getByTestId('result-audio').waitFor({ state: 'attached', timeout: 120_000 });
    return ms;
  } finally {
    await context.close();
  }
}

export interface StudioFirstAudioCell {
  build: string;
  flow: Flow;
  characters: number;
  runsMs: number[];
  failures: number;
}

/**
 * Both builds side by side on one machine: each round runs every flow and size once per build,
 * the builds alternating, so load and warm-up fall on both alike.
 */
export async function measureStudioFirstAudio(
  runs: number,
  log: (line: string) => void,
): Promise<{ cells: StudioFirstAudioCell[]; chromium: string }> {
  // BENCH_AFTER_COMMIT names an already built commit, to skip building HEAD again after a commit
  // that changed only tests or the bench.
  const head =
    process.env.BENCH_AFTER_COMMIT ??
    (await run('git', ['-C', repoRoot, 'rev-parse', '--short', 'HEAD'])).stdout.trim();
  const builds = [
    { name: `before (${BEFORE_COMMIT})`, entry: await worktreeBuild(BEFORE_COMMIT, log) },
    { name: `after (${head})`, entry: await worktreeBuild(head, log) },
  ];
  const servers = [];
  for (const build of builds) servers.push(await startServer({ env: SERVER_ENV, entry: build.entry }));
  const browser = await launchChromium();
  const cells: StudioFirstAudioCell[] = [];
  const cell = (build: string, flow: Flow, characters: number) => {
    let found = cells.find((c) => c.build === build && c.flow === flow && c.characters === characters);
    if (!found) {
      found = { build, flow, characters, runsMs: [], failures: 0 };
      cells.push(found);
    }
    return found;
  };
  try {
    // One warm-up per build, not counted: the first page load compiles scripts and fills caches.
    for (const [index, server] of servers.entries()) {
      await measureOnce(browser, server.baseUrl, 'typing', 30, `warm${index}`).catch(() => 0);
    }
    for (let round = 1; round <= runs; round += 1) {
      for (const flow of FLOWS) {
        for (const characters of SIZES) {
          for (const [index, build] of builds.entries()) {
            const server = servers[index];
            if (!server) continue;
            const target = cell(build.name, flow, characters);
            try {
              const ms = await measureOnce(browser, server.baseUrl, flow, characters, `r${round}b${index}${flow}`);
              target.runsMs.push(ms);
              log(`${build.name} ${flow} ${characters}: ${Math.round(ms)} ms`);
            } catch (error) {
              target.failures += 1;
              log(`${build.name} ${flow} ${characters}: failed (${(error as Error).message.split('\n')[0]})`);
            }
          }
        }
      }
    }
    return { cells, chromium: browser.version() };
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export function describeStudioFirstAudio({ cells, chromium }: { cells: StudioFirstAudioCell[]; chromium: string }) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    `Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, Chromium ${chromium}`,
    '',
    '| build | flow | characters | runs | median ms | min ms | max ms | failed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const flow of FLOWS) {
    for (const characters of SIZES) {
      for (const c of cells.filter((x) => x.flow === flow && x.characters === characters)) {
        const sorted = [...c.runsMs].sort((a, b) => a - b);
        const f = (n: number | undefined) => (n === undefined ? '—' : String(Math.round(n)));
        lines.push(
          `| ${c.build} | ${FLOW_WORDS[flow]} | ${characters.toLocaleString('en')} | ${c.runsMs.length} | ${c.runsMs.length ? f(median(c.runsMs)) : '—'} | ${f(sorted[0])} | ${f(sorted.at(-1))} | ${c.failures} |`,
        );
      }
    }
  }
  return lines;
}
