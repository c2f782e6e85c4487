import { defineConfig } from 'vitest/config';

// Integration tests share one Postgres and one Redis; each file gets its own database and key prefix, so files
// can run in parallel. Two cores here: two forks keep the machine responsive.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'client/**/*.test.ts', 'client/**/*.test.tsx', 'simulator/**/*.test.ts'],
    // tests/cluster/ needs the Redis Cluster the cluster suite starts (vitest.cluster.config.ts).
    exclude: ['tests/e2e/**', 'tests/cluster/**', 'node_modules/**'],
    pool: 'forks',
    maxWorkers: 2,
    // Each of the two workers keeps its modules from file to file instead of importing the whole server again for
    // each of some 260 files: that import was about a quarter of the suite's time. Files still share nothing that
    // matters: each starts its own stack on its own database and Redis prefix, and fake timers are put back after use.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
