import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds the page, finds Debian's Chromium, starts the real service (embedded PostgreSQL)
    // once for the run, and creates the merchants the browser tests pay (test/support/global-setup.ts).
    globalSetup: ['test/support/global-setup.ts'],
    // One browser test file at a time: each drives a Chromium against the one shared service on
    // a 2-core machine, and the sandbox rails answer on their own clock.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
