import { defineConfig } from 'vitest/config';

/**
 * The Redis Cluster suite: the streaming, resume, stop, follow-up, arena and tracking tests again, with every
 * process on a local 3-master Redis Cluster (started by the global set-up) instead of one Redis; plus the tests that
 * only make sense on a cluster (a master failing over mid-answer). `npm test` runs it as its own suite.
 */
export const CLUSTER_SUITE_FILES = [
  'tests/integration/search-stream.test.ts',
  'tests/integration/compare-stream.test.ts',
  'tests/integration/resume-stream-bounds.test.ts',
  'tests/integration/live-websocket.test.ts',
  'tests/integration/stop-runs.test.ts',
  'tests/integration/follow-ups.test.ts',
  'tests/integration/arena.test.ts',
  'tests/integration/tracking.test.ts',
  'tests/integration/tracking-schedules.test.ts',
  'tests/cluster/**/*.test.ts',
];

export default defineConfig({
  test: {
    include: CLUSTER_SUITE_FILES,
    globalSetup: ['tests/support/redis-cluster-global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 45_000,
    hookTimeout: 60_000,
  },
});
