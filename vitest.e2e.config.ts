import { defineConfig } from 'vitest/config';
import { testLimit } from './tests/support/load-scaled-timeout.ts';

// Browser tests drive one Chromium against a whole stack per file; two files at a time keep both cores busy.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // A whole test's limit is a backstop: what a quiet machine needs, stretched as far as any wait inside it can be
    // (the load can rise after the suite starts). The waits inside scale with the load when each starts, so a test
    // that only runs slow beside other work passes, and one that hangs fails at the wait it hung on. The test files
    // set their own longer limits the same way.
    testTimeout: testLimit(60_000),
    hookTimeout: testLimit(120_000),
    // "Eventually" in a browser on a busy 2-core machine: a page's first data can take more than vitest's default
    // second to arrive. Fixed when the suite starts, so it allows the most stretch, like the tests' own limits. Speed
    // is measured by the benchmarks, not by these waits.
    expect: { poll: { timeout: testLimit(10_000) } },
  },
});
