import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The shared contract is read from its TypeScript source (packages/contract/README.md).
const SOURCE_CONDITION = 'sayso-source';
// Without 'module', packages resolve as Node resolves them when the server runs: the AWS SDK's
// 'module' build is for bundlers (extension-less imports) and cannot load in Node.
const nodeServerConditions = defaultServerConditions.filter((condition) => condition !== 'module');
const serverResolve = {
  resolve: { conditions: [SOURCE_CONDITION, ...nodeServerConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...nodeServerConditions] } },
};

// Unit and integration tests of the server and the web app. End-to-end tests have their own config.
export default defineConfig({
  test: {
    // Vitest's default leaves one core free, which is one worker on a two-core machine; these tests
    // spend much of their time waiting on databases, timers and child processes, so use at least two
    // (unit run on two cores: 627 s with one worker, 513 s with two, for more tests).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        ...serverResolve,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // Migrates a PGlite database once per run; each test's database starts from a copy of it.
          globalSetup: ['test/setup/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: {
          alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') },
          conditions: [SOURCE_CONDITION, ...defaultClientConditions],
        },
        ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts'],
        },
      },
    ],
  },
});
