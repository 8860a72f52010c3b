import { defineConfig } from 'vitest/config';

// Browser tests against the built app, served by real servers that global-setup starts: one per
// worker slot, so files that run at the same time never share one (decision 0049).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Much of a browser test is waiting (for a render, a poll, an animation), so three files at
    // once keep two cores busy without slowing the timed checks (figures in decision 0049).
    fileParallelism: true,
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
