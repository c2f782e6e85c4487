import { describe, expect, it } from 'vitest';
import { RestartBackoff, WORKER_RESTART_BACKOFF } from '../../scripts/restart-backoff.ts';

describe('restart backoff', () => {
  it('doubles from 1 s for crashes in a row and stops growing at 30 s', () => {
    const backoff = new RestartBackoff();
    const delays = Array.from({ length: 8 }, () => backoff.afterCrash(500));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(backoff.crashesInARow).toBe(8);
  });

  it('starts over at 1 s after the process stayed up for a minute', () => {
    const backoff = new RestartBackoff();
    backoff.afterCrash(100);
    backoff.afterCrash(100);
    expect(backoff.afterCrash(59_999)).toBe(4_000);
    expect(backoff.afterCrash(60_000)).toBe(1_000);
    expect(backoff.crashesInARow).toBe(1);
    expect(backoff.afterCrash(10)).toBe(2_000);
  });

  it('starts over at 1 s when the process had said it was ready, however soon it was killed', () => {
    const backoff = new RestartBackoff();
    backoff.afterCrash(100);
    backoff.afterCrash(100);
    expect(backoff.afterCrash(4_000, true)).toBe(1_000);
    expect(backoff.afterCrash(3_000, true)).toBe(1_000);
    // Failing to start again still earns the longer waits.
    expect(backoff.afterCrash(100)).toBe(2_000);
  });

  it('never overflows into a wait longer than the ceiling, however many crashes', () => {
    const backoff = new RestartBackoff({ ...WORKER_RESTART_BACKOFF });
    let delay = 0;
    for (let crash = 0; crash < 2_000; crash += 1) delay = backoff.afterCrash(0);
    expect(delay).toBe(30_000);
  });
});
