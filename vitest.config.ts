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

const serverTests = {
  root: 'apps/server',
  include: ['test/**/*.test.ts'],
  environment: 'node' as const,
  // Migrates a PGlite database once per run; each test's database starts in the state it left.
  globalSetup: ['test/setup/database-template.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Server tests that load sherpa-onnx's native runtime. The runtime sets eSpeak up once per
// process, with the data folder of the first model that needs it, and these files delete their
// models when they end; so each worker first loads a voice whose folder outlives the run
// (test/setup/espeak-once.ts), and then the files share their worker like the rest.
const NATIVE_SPEECH_TESTS = [
  'test/engines/sherpa-*.test.ts',
  'test/engines/registry.test.ts',
  'test/models/**/*.test.ts',
  'test/health/health.test.ts',
  'test/security/authorization-matrix.test.ts',
  'test/security/csrf.test.ts',
  'test/pronunciation/sherpa-*.test.ts',
];

// Unit and integration tests of the server and the web app. End-to-end tests have their own config.
export default defineConfig({
  test: {
    // Vitest's default leaves one core free, which is one worker on a two-core machine; these tests
    // spend much of their time waiting on databases, timers and child processes, so run one worker
    // more than there are cores (unit run on two cores: 627 s with one worker, 513 s with two, for
    // more tests; later, for the same 915 tests, 248.7 s with two and 228.7 s with three, when the
    // CPU was busy 97% of the time).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        ...serverResolve,
        test: {
          ...serverTests,
          name: 'server',
          exclude: NATIVE_SPEECH_TESTS,
          // Files share their worker's modules instead of importing the server afresh each time
          // (about 2 s a file); the warm databases of test/helpers/warm-databases.ts live on too.
          isolate: false,
        },
      },
      {
        ...serverResolve,
        test: {
          ...serverTests,
          name: 'server-native',
          include: NATIVE_SPEECH_TESTS,
          setupFiles: ['test/setup/espeak-once.ts'],
          isolate: false,
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
          // Files share their worker's modules and jsdom (about half the web project's time went to
          // loading them per file); each test restores what it stubs and renders a fresh query cache.
          isolate: false,
        },
      },
    ],
  },
});
