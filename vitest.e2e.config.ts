import { defineConfig } from 'vitest/config';

// Browser tests drive one Chromium against a whole stack per file; two files at a time keep both cores busy.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // "Eventually" in a browser on a busy 2-core machine: a page's first data can take more than vitest's default
    // second to arrive. Speed is measured by the benchmarks, not by these waits.
    expect: { poll: { timeout: 10_000 } },
  },
});
