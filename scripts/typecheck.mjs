#!/usr/bin/env node
// Type-checks every TypeScript project of the repository with `tsc -p`, as many at once as the
// machine has cores, instead of one after another. Each project is checked by the same compiler
// with the same tsconfig as before, so nothing is less strict; only the waiting goes. (`tsc -b`
// would not help: the projects read each other's sources through the `sayso-source` condition,
// not built declarations, so there is nothing to reuse, and it builds one project at a time.)
//
// Usage: node scripts/typecheck.mjs [project folder ...]   (default: all of them)
// Each project's output is printed whole once it ends, so the lines of two projects never mix.

import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

// Slowest first (CPU seconds of each alone, measured on the two-core machine), so the long ones do
// not start last and leave a core idle at the end.
const ALL_PROJECTS = ['apps/server', 'apps/web', 'bench', 'e2e', 'packages/contract'];

const projects = process.argv.length > 2 ? process.argv.slice(2) : ALL_PROJECTS;
const concurrency = Math.max(1, Math.min(availableParallelism(), projects.length));

/** Runs `tsc -p project`; resolves with its exit code and everything it printed. */
function check(project) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ project, code: 1, output: String(error), seconds: 0 }));
    child.on('close', (code, signal) =>
      resolve({
        project,
        code: code ?? (signal ? 1 : 0),
        output: Buffer.concat(output).toString('utf8'),
        seconds: (performance.now() - started) / 1000,
      }),
    );
  });
}

const queue = [...projects];
const failed = [];
async function lane() {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    const result = await check(project);
    if (result.output.trim()) process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
    const verdict = result.code === 0 ? 'ok' : `failed (exit ${result.code})`;
    process.stdout.write(`tsc -p ${project}: ${verdict} in ${result.seconds.toFixed(1)} s\n`);
    if (result.code !== 0) failed.push(project);
  }
}

await Promise.all(Array.from({ length: concurrency }, lane));
if (failed.length > 0) {
  process.stderr.write(`type errors in: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
