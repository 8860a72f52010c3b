import { defineConfig } from 'vitest/config';

/**
 * Files whose assertions are timings of the browser itself: clone-conversion's main thread stays
 * free while it converts (no long task over 100 ms), voice-library's scrolling keeps its frame
 * time, the landing page's layout-shift score, and clone-studio's WebM sample, recorded in real
 * time and converted in the page within the test's minute. Another file rendering beside them on a
 * two-core machine makes those figures the machine's rather than the page's, so they run after the
 * rest, one at a time (decision 0049).
 */
const TIMED_FILES = [
  'tests/clone-conversion.test.ts',
  'tests/clone-studio.test.ts',
  'tests/voice-library.test.ts',
  'tests/landing-layout-shift.test.ts',
];

const shared = {
  root: import.meta.dirname,
  globalSetup: ['support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

// Browser tests against the built app, served by real servers that global-setup starts: one per
// worker slot, so files that run at the same time never share one (decision 0049).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['tests/**/*.test.ts'],
          exclude: TIMED_FILES,
          // Two at a time: a browser file spends much of its time waiting (polls a second apart,
          // renders, a server restart), so two keep both cores busy where one left one idle.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e-timed',
          include: TIMED_FILES,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
