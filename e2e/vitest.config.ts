import { defineConfig } from 'vitest/config';

// Browser tests against the built app, served by the real server that global-setup starts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One Chromium at a time: the machine has two cores, and the server is shared.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
