import { defineConfig } from 'vitest/config';
import { underLoad } from './tests/support/load-scaled-timeout.ts';

// Browser tests drive one Chromium against a whole stack per file; two files at a time keep both cores busy.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each limit is what a quiet machine needs, stretched by the load when the suite starts (at most four times): a
    // test that only runs slow beside other work still passes, and one that hangs still fails in bounded time. The
    // test files scale their own longer limits the same way.
    testTimeout: underLoad(60_000),
    hookTimeout: underLoad(120_000),
    // "Eventually" in a browser on a busy 2-core machine: a page's first data can take more than vitest's default
    // second to arrive. Speed is measured by the benchmarks, not by these waits.
    expect: { poll: { timeout: underLoad(10_000) } },
  },
});
