import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshAfterAnswer } from './refresh-after-answer.ts';

/** Records every step in the order it happens; the credit read fails the first `failures` times. */
function recorder(failures = 0) {
  const steps: string[] = [];
  let left = failures;
  return {
    steps,
    refreshCredits: async () => {
      steps.push('credits');
      if (left > 0) {
        left -= 1;
        throw new Error('credits unavailable');
      }
    },
    refreshHistory: async () => void steps.push('history'),
    wait: async (ms: number) => void steps.push(`wait ${ms}`),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('refreshAfterAnswer', () => {
  it('after a single answer: the credits at once, then the history', async () => {
    const run = recorder();
    await refreshAfterAnswer('single', run);
    expect(run.steps).toEqual(['credits', 'history']);
  });

  it('after a comparison: waits 2 s, then the credits, then the history', async () => {
    const run = recorder();
    await refreshAfterAnswer('comparison', run);
    expect(run.steps).toEqual(['wait 2000', 'credits', 'history']);
  });

  it('retries the credits 1 s × the attempt apart, and only then refreshes the history', async () => {
    const run = recorder(2);
    await refreshAfterAnswer('comparison', run);
    expect(run.steps).toEqual(['wait 2000', 'credits', 'wait 1000', 'credits', 'wait 2000', 'credits', 'history']);
  });

  it('gives the credits 5 tries, then still refreshes the history', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const run = recorder(Infinity);
    await refreshAfterAnswer('single', run);
    expect(run.steps.filter((step) => step === 'credits')).toHaveLength(5);
    expect(run.steps.at(-1)).toBe('history');
    expect(log).toHaveBeenCalledOnce();
  });

  it('never rejects when the history cannot be refreshed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const run = recorder();
    await expect(
      refreshAfterAnswer('single', { ...run, refreshHistory: () => Promise.reject(new Error('history unavailable')) }),
    ).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('Failed to refresh the history', expect.any(Error));
  });
});
