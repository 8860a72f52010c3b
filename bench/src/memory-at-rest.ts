import { readFile } from 'node:fs/promises';
import { createDatabaseOn } from '../../apps/server/test/helpers/server-database.js';
import { startServer } from '../../e2e/support/server.js';
import { MANY_USERS_ENV, median, type SubmitRoute, signUp, submitTask, waitUntilDone } from './bench-client.js';

/**
 * Issue 39's memory at rest: a server's resident memory 20 s after it starts on a new database,
 * and again 20 s after 100 renders, for an older build and this checkout's, on the embedded
 * database and on a PostgreSQL server. The server runs as `npm start` runs it (render threads on).
 */

const REST_MS = 20_000;
const RENDERS = 100;
// The preset studio's route: it takes signed-in users only, so a session the build did not accept
// fails loudly (401) instead of counting as the anonymous demo, which allows ten tasks an hour.
const ROUTE: SubmitRoute = { studio: 'preset', voiceId: 'espeak-en-us-f2', modelId: 'espeak-ng' };
/** Ten users with ten renders each: under the active-task limit, and a few hundred characters each. */
const USERS = 10;

export interface MemoryRound {
  build: string;
  database: 'pglite' | 'postgres';
  atRestMiB: number;
  afterRendersMiB: number;
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A submission, tried again a second later while a limit refuses it (429). */
async function submitPaced(baseUrl: string, cookie: string, text: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await submitTask(baseUrl, cookie, text, ROUTE);
    } catch (error) {
      if (attempt >= 30 || !(error instanceof Error && error.message.includes(' 429 '))) throw error;
      await sleep(1_000);
    }
  }
}

async function renderHundred(baseUrl: string, build: string): Promise<void> {
  // A build's name ("before (d15b847)") as the start of an email address.
  const label = build.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      const cookie = await signUp(baseUrl, `${label}-memory-${user}-${Date.now()}`);
      const tasks: string[] = [];
      for (let i = 0; i < RENDERS / USERS; i += 1) {
        tasks.push(await submitPaced(baseUrl, cookie, `Render ${i} of user ${user}: a sentence or two to speak.`));
      }
      await waitUntilDone(baseUrl, cookie, tasks);
    }),
  );
}

/** One round: a fresh server of `entry` on a fresh database, measured at rest and after the renders. */
export async function measureMemoryRound(
  build: string,
  entry: string,
  databaseServerUrl: string | null,
): Promise<MemoryRound> {
  const database = databaseServerUrl ? await createDatabaseOn(databaseServerUrl) : null;
  const server = await startServer({
    entry,
    env: { LOG_LEVEL: 'error', ...MANY_USERS_ENV, ...(database ? { DATABASE_URL: database.url } : {}) },
  });
  try {
    const pid = server.process.pid ?? 0;
    await sleep(REST_MS);
    const atRestMiB = await rssMiB(pid);
    await renderHundred(server.baseUrl, build);
    await sleep(REST_MS);
    return { build, database: database ? 'postgres' : 'pglite', atRestMiB, afterRendersMiB: await rssMiB(pid) };
  } finally {
    await server.stop();
    await database?.drop();
  }
}

export function describeMemory(rounds: MemoryRound[], perCell: number): string[] {
  const lines = [
    `Resident memory (VmRSS, MiB), median of ${perCell} round(s) per cell, 20 s after start and 20 s after ${RENDERS} renders:`,
    '',
    '| build | database | at rest | after renders |',
    '| --- | --- | ---: | ---: |',
  ];
  const cells = new Map<string, MemoryRound[]>();
  for (const round of rounds) {
    const key = `${round.build}|${round.database}`;
    cells.set(key, [...(cells.get(key) ?? []), round]);
  }
  for (const [key, cell] of cells) {
    const [build, database] = key.split('|');
    const rest = median(cell.map((r) => r.atRestMiB)).toFixed(0);
    const after = median(cell.map((r) => r.afterRendersMiB)).toFixed(0);
    lines.push(`| ${build} | ${database} | ${rest} | ${after} |`);
  }
  return lines;
}
