import { defineConfig } from 'vitest/config';

/**
 * Unit, integration, simulator and client tests. Integration tests share one Postgres and one Redis; each file gets
 * its own database and key prefix, so files run in parallel. Three forks on a 2-core machine: much of an integration
 * test is waiting on Postgres, Redis or a timer, and two left a quarter of the CPU idle (345 s against 254 s).
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/**/*.test.ts', 'simulator/**/*.test.ts'],
          // tests/cluster/ needs the Redis Cluster the cluster suite starts (vitest.cluster.config.ts).
          exclude: ['tests/e2e/**', 'tests/cluster/**', 'node_modules/**'],
          // A worker keeps its modules from file to file instead of importing the whole server again for each of
          // some 200 files (about a quarter of the suite's time). The files share nothing that matters: each starts
          // its own stack on its own database and Redis prefix, and puts fake timers back after use.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['client/**/*.test.ts', 'client/**/*.test.tsx'],
          // The client's stores live in module scope, as in the browser: each file starts from a fresh page's state.
          isolate: true,
        },
      },
    ],
  },
});
