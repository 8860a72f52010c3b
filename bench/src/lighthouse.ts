// Issue 15, item 6: Lighthouse on the landing page, mobile and desktop presets, against the built
// server on loopback. Lighthouse drives Debian's Chromium through chrome-launcher; the page and
// everything it loads come from 127.0.0.1 (fonts are bundled), so nothing leaves the machine.
import { existsSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/support/chromium.js';
import { startServer } from '../../e2e/support/server.js';
import { measureLandingScripts } from './landing-bytes.js';

export type Preset = 'mobile' | 'desktop';

export interface LighthouseRun {
  preset: Preset;
  /** 0–100, as Lighthouse shows it. */
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

export interface LighthouseSummary {
  preset: Preset;
  runs: number;
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One Lighthouse performance run in a fresh Chromium (its own profile, so an empty cache). */
async function runOnce(url: string, preset: Preset): Promise<LighthouseRun> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    // Mobile is Lighthouse's default: a Moto G Power sized screen, simulated slow 4G and a 4× slower CPU.
    const flags: Flags = { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse report has no value for ${id}`);
      return value;
    };
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error('Lighthouse gave no performance score');
    return {
      preset,
      performance: Math.round(score * 100),
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbtMs: audit('total-blocking-time'),
      fcpMs: audit('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse sometimes loses its own trace on a busy machine (NO_NAVSTART, NO_FCP) and says to run
 * again; such a run measured nothing, so it is repeated rather than counted.
 */
async function runWithRetries(url: string, preset: Preset, log: (line: string) => void): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, preset);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`  (${preset} run failed, repeating it: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

export interface LighthouseTarget {
  /** How the table names this build. */
  name: string;
  url: string;
}

/**
 * Runs both presets `runs` times on each target, interleaved (per round: each target mobile, then
 * desktop), so a machine that gets busier or quieter during the run weighs on every build alike.
 */
export async function measureLighthouse(
  targets: LighthouseTarget[],
  runs: number,
  log: (line: string) => void = () => {},
): Promise<(LighthouseSummary & { target: string })[]> {
  const all: (LighthouseRun & { target: string })[] = [];
  for (let i = 0; i < runs; i++) {
    for (const target of targets) {
      for (const preset of ['mobile', 'desktop'] as const) {
        const run = await runWithRetries(target.url, preset, log);
        log(
          `  run ${i + 1} ${target.name} ${preset}: ${run.performance}, LCP ${Math.round(run.lcpMs)} ms, CLS ${run.cls.toFixed(3)}, TBT ${Math.round(run.tbtMs)} ms`,
        );
        all.push({ ...run, target: target.name });
      }
    }
  }
  return targets.flatMap((target) =>
    (['mobile', 'desktop'] as const).map((preset) => {
      const mine = all.filter((run) => run.target === target.name && run.preset === preset);
      return {
        target: target.name,
        preset,
        runs: mine.length,
        performance: median(mine.map((run) => run.performance)),
        lcpMs: median(mine.map((run) => run.lcpMs)),
        cls: median(mine.map((run) => run.cls)),
        tbtMs: median(mine.map((run) => run.tbtMs)),
        fcpMs: median(mine.map((run) => run.fcpMs)),
      };
    }),
  );
}

/**
 * `--only lighthouse`: boots the built app on a fresh embedded database and reports the medians.
 * With LIGHTHOUSE_BASELINE_DIST set to another build of apps/web (its dist folder), a second server
 * serves that build and both are measured in the same rounds: a before/after in one sitting.
 */
export async function measureLighthouseScenario(runs = 5, required = false): Promise<void> {
  console.log(`\nLanding page, Lighthouse performance (issue 15), ${runs} runs per preset, interleaved\n`);
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`not measured: no Chromium at ${CHROMIUM_PATH} (install Debian's chromium, or set CHROMIUM_PATH)`);
    if (required) process.exitCode = 1;
    return;
  }
  const baselineDist = process.env.LIGHTHOUSE_BASELINE_DIST;
  const servers = [
    ...(baselineDist
      ? [{ name: 'baseline', server: await startServer({ env: { LOG_LEVEL: 'error', WEB_DIST_DIR: baselineDist } }) }]
      : []),
    { name: 'this build', server: await startServer({ env: { LOG_LEVEL: 'error' } }) },
  ];
  try {
    const kB = (bytes: number) => (bytes / 1000).toFixed(1);
    const bytes: string[] = [];
    for (const { name, server } of servers) {
      const landing = await measureLandingScripts(server.baseUrl);
      bytes.push(
        `Landing JavaScript (${name}): ${landing.scripts} scripts, ${kB(landing.decodedBytes)} kB as run, ` +
          `${kB(landing.transferredBytes)} kB sent (${landing.encodings.join(', ')})`,
      );
    }
    const targets = servers.map(({ name, server }) => ({ name, url: `${server.baseUrl}/` }));
    const summaries = await measureLighthouse(targets, runs, (line) => console.error(line));
    console.log('| build | preset | runs | performance | LCP s | CLS | TBT ms | FCP s |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const s of summaries) {
      console.log(
        `| ${s.target} | ${s.preset} | ${s.runs} | ${s.performance} | ${(s.lcpMs / 1000).toFixed(2)} | ${s.cls.toFixed(3)} | ${Math.round(s.tbtMs)} | ${(s.fcpMs / 1000).toFixed(2)} |`,
      );
    }
    console.log('');
    for (const line of bytes) console.log(line);
    const mobile = summaries.find((s) => s.target === 'this build' && s.preset === 'mobile');
    const met = mobile !== undefined && mobile.performance >= 90 && mobile.cls < 0.1;
    console.log(`Target for this build (mobile performance >= 90, CLS < 0.1): ${met ? 'met' : 'NOT met'}`);
  } finally {
    await Promise.all(servers.map(({ server }) => server.stop()));
  }
}
