import os from 'node:os';

/** The most a wait is stretched: past this a machine is not busy but stuck, and the test should say so. */
const MOST = 4;

/**
 * How much longer than on a quiet machine things take here now: the last minute's load average per core, at least 1
 * (a quiet machine) and at most 4. A clean-clone CI run beside other work sits at about 2 (load 4 on 2 cores).
 */
export function loadFactor(): number {
  const perCore = os.loadavg()[0]! / os.availableParallelism();
  return Math.min(MOST, Math.max(1, perCore));
}

/**
 * A wait's limit that grows with the machine's load: `quietMs` is ample on a quiet machine, and a busy one gets
 * proportionally more, so a browser test waits for what the page shows rather than failing on a slow moment, while a
 * page that never shows it still fails in bounded time. Read when the wait starts, so it follows the load as it changes.
 */
export function underLoad(quietMs: number): number {
  return Math.round(quietMs * loadFactor());
}

/**
 * A whole test's or hook's limit: a backstop behind the waits inside it, which carry their own `underLoad` limits and
 * fail first, naming what they waited for. It is fixed when the file is collected, before the load the test will meet
 * is known (a suite that grows heavier mid-run outran limits scaled by the load at its start), so it allows the most
 * stretch any wait can get. A test that hangs still fails in bounded time.
 */
export function testLimit(quietMs: number): number {
  return quietMs * MOST;
}
