// Proves that a production install starts and serves: copies what a container build copies after
// `npm run build` (the package files, the lock, the built contract, server and web app, and
// scripts/start.mjs), runs `npm ci --omit=dev` there, starts `npm start`'s script on a free port
// with an empty data folder, and asks it for its health, the web app, public API routes and a
// sign-up. Any failure stops it with the server's output. Run it after `npm run build`; with
// --keep the copy is left in place for a look.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');

/** What `npm start` runs from: every built output, and the one script that starts it. */
const BUILT = ['packages/contract/dist', 'apps/server/dist', 'apps/web/dist'];
const SCRIPTS = ['scripts/start.mjs'];

const started = performance.now();
/** The folder the install is made in, once there is one. */
let copy;
const timings = [];
const phase = (name, since) => timings.push(`${name} ${((performance.now() - since) / 1000).toFixed(1)} s`);

function fail(message, output = '') {
  if (output) console.error(`--- server output ---\n${output}--- end of server output ---`);
  console.error(`check-production-install: ${message}`);
  if (copy) console.error(`The copy is kept in ${copy}`);
  process.exit(1);
}

for (const built of BUILT) {
  if (!existsSync(path.join(root, built))) fail(`${built} is missing: run \`npm run build\` first`);
}

copy = mkdtempSync(path.join(tmpdir(), 'sayso-production-'));
const dataDir = path.join(copy, 'data');

// The package files of every workspace: `npm ci` checks the lock against all of them.
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const packageFiles = ['package.json', 'package-lock.json', ...manifest.workspaces.map((w) => `${w}/package.json`)];
if (existsSync(path.join(root, '.npmrc'))) packageFiles.push('.npmrc');
let since = performance.now();
// The package files last, so they are newer than the build: start.mjs must not take the build for
// stale when there are no sources to build from (a copy need not keep timestamps).
for (const file of [...BUILT, ...SCRIPTS, ...packageFiles]) {
  const target = path.join(copy, file);
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(path.join(root, file), target, { recursive: true });
}
phase('copy', since);

since = performance.now();
const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
  cwd: copy,
  encoding: 'utf8',
});
if (install.status !== 0) fail('`npm ci --omit=dev` failed', `${install.stdout}${install.stderr}`);
phase('npm ci --omit=dev', since);

/** A port nothing listens on now. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let output = '';
since = performance.now();
// Its own process group, so that a server that will not stop can be killed with start.mjs.
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: copy,
  detached: true,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
  },
});
for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
let running = true;
exited.then(() => (running = false));

async function stopServer() {
  if (!running) return;
  // To start.mjs alone, as a container runtime signals its first process: it passes the signal on.
  server.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(resolve, 20_000, 'timeout'));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    process.kill(-server.pid, 'SIGKILL');
    fail('the server did not stop within 20 s of SIGTERM', output);
  }
}

async function check(what, request) {
  try {
    await request();
  } catch (error) {
    await stopServer();
    fail(`${what}: ${error instanceof Error ? error.message : String(error)}`, output);
  }
}

async function expectAnswer(url, init, status, test) {
  const response = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(15_000) });
  const body = await response.text();
  if (response.status !== status)
    throw new Error(`${url} answered ${response.status}, not ${status}: ${body.slice(0, 300)}`);
  if (test && !test(body)) throw new Error(`${url} answered an unexpected body: ${body.slice(0, 300)}`);
  return { response, body };
}

await check('waiting for /api/health', async () => {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running) throw new Error('the server exited before it answered');
    const answer = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`no healthy answer within 90 s (last: ${answer?.status ?? 'no answer'})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});
phase('start until healthy', since);

since = performance.now();
await check('the web app', () => expectAnswer('/', {}, 200, (body) => body.includes('<div id="root"')));
await check('public settings', () => expectAnswer('/api/config', {}, 200, (body) => JSON.parse(body) !== null));
await check('credit packs', () =>
  expectAnswer('/api/credit-packs', {}, 200, (body) => JSON.parse(body).packs.length > 0),
);
await check('a sign-up and the session it opens', async () => {
  const { response } = await expectAnswer(
    '/api/auth/sign-up/email',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'install-check@example.com', password: 'correct horse battery', name: 'Check' }),
    },
    200,
  );
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await expectAnswer('/api/me', { headers: { cookie } }, 200, (body) => body.includes('install-check@example.com'));
});
phase('requests', since);

since = performance.now();
await stopServer();
phase('stop', since);
const { code, signal } = await exited;
if (code !== 0 && signal !== 'SIGTERM') fail(`the server exited with ${code ?? signal} when asked to stop`, output);

since = performance.now();
if (keep) console.log(`The copy is kept in ${copy}`);
else rmSync(copy, { recursive: true, force: true });
phase('clean-up', since);
phase('in all', started);
console.log(`Production install checked: it installs, starts, serves and stops (${timings.join(', ')}).`);
