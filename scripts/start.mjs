// `npm start`: builds the web app and the server when a build is missing or older than its
// sources, then runs the server (or, with --worker, a job worker) in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const worker = process.argv.includes('--worker');

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(workspace, output, sources) {
  const built = path.join(root, workspace, output);
  if (!existsSync(built)) return true;
  // A production install ships the build without its sources (and without the tools to rebuild).
  if (!existsSync(path.join(root, workspace, 'src'))) return false;
  const sourceTime = Math.max(
    ...sources.map((s) => {
      const full = path.join(root, workspace, s);
      if (!existsSync(full)) return 0;
      return statSync(full).isDirectory() ? newestSourceTime(full) : statSync(full).mtimeMs;
    }),
  );
  return sourceTime > statSync(built).mtimeMs;
}

// The contract first: the server's build reads its compiled types.
const contractChanged = isStale('packages/contract', 'dist/speech.js', ['src', 'package.json', 'tsconfig.build.json']);
for (const [workspace, output, sources] of [
  ['packages/contract', 'dist/speech.js', ['src', 'package.json', 'tsconfig.build.json']],
  ['apps/web', 'dist/index.html', ['src', 'public', 'index.html', 'vite.config.ts', 'package.json']],
  ['apps/server', 'dist/server.js', ['src', 'package.json', 'tsconfig.build.json']],
]) {
  if (!contractChanged && !isStale(workspace, output, sources)) continue;
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const entry = path.join(root, 'apps/server/dist', worker ? 'worker.js' : 'server.js');
const child = spawn(process.execPath, [entry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
