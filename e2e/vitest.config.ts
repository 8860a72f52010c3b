import { defineConfig } from 'vitest/config';

// Browser tests against the built app, served by real servers that global-setup starts: one per
// worker slot, so files that run at the same time never share one (decision 0049).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One file at a time for now. Files can run side by side (a server per worker slot, decision
    // 0049), but with three at once CI failed clone-conversion's check that the page stays
    // responsive while it converts: the timed checks need the cores to themselves, or a serial
    // group of their own, before this can go up.
    fileParallelism: true,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
