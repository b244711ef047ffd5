import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One server (or the one given by PAYAGG_BASE_URL...) and one Prism mock for the whole run.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    // Starting the embedded PostgreSQL and Prism takes a few seconds each.
    hookTimeout: 90_000,
    // Two shared CPU cores: the files are small; a couple at a time is enough.
    maxWorkers: 2,
  },
});
