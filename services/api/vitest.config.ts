import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A TigerBeetle cluster of its own: only in the TigerBeetle run (vitest.tigerbeetle.config.ts).
    exclude: [...configDefaults.exclude, 'test/tigerbeetle-cluster/**'],
    // One embedded PostgreSQL for the whole run; each test file gets its own fresh database.
    globalSetup: ['test/global-setup.ts'],
    // A budget, not a speed check (speed lives in make bench-*): a test that waits for a settlement
    // goes through the provider-outcome jobs (decision 0610), and on two shared cores under a full
    // CI run the first test of a file, which also pays for its service's warm-up, took 20-24 s.
    testTimeout: 45_000,
    hookTimeout: 60_000,
    // Two shared CPU cores: a few files at a time is faster than many competing processes.
    maxWorkers: 3,
  },
});
