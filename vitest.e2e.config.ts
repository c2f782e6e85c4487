import { defineConfig } from 'vitest/config';
import { slowestFirst } from './tests/support/slowest-first-sequencer.ts';

/**
 * Browser tests: each file drives its own Chromium against a whole stack of its own (database, Redis prefix,
 * simulator, server and worker), so two files run side by side without seeing each other. A file spends much of its
 * time waiting on a page or a stream, which the other file's work fills: two at a time took the suite from about 33
 * to about 23 minutes on a 2-core machine.
 */
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
    // The files that take longest (one to four minutes each, by the last measured run) start first, so neither worker
    // is left running one of them alone at the end.
    sequence: {
      sequencer: slowestFirst([
        'accessibility-sweep.e2e.test.ts',
        'comparison-workspace.e2e.test.ts',
        'spec-texts.e2e.test.ts',
        'pricing-and-legal.e2e.test.ts',
        'account-settings.e2e.test.ts',
        'comparison-headers-clear.e2e.test.ts',
        'history-workspace.e2e.test.ts',
        'arena.e2e.test.ts',
      ]),
    },
  },
});
