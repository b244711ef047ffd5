import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A TigerBeetle cluster of its own: only in the TigerBeetle run (vitest.tigerbeetle.config.ts).
    exclude: [...configDefaults.exclude, 'test/tigerbeetle-cluster/**'],
    // One embedded PostgreSQL for the whole run; each test file gets its own fresh database.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two shared CPU cores: a few files at a time is faster than many competing processes.
    maxWorkers: 3,
  },
});
