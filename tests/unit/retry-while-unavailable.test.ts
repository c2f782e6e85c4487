import { describe, expect, it } from 'vitest';
import { retryWhileUnavailable } from '../../core/errors/index.ts';

/** What pg says when Postgres is gone: the shape the recogniser reads. */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** Work that fails with `failures` in turn, then answers `done`; counts its calls. */
function failingThen(failures: Error[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    work: async () => {
      const failure = failures[calls++];
      if (failure) throw failure;
      return 'done';
    },
  };
}

describe('retryWhileUnavailable', () => {
  it('runs the work again while a dependency is out of reach, telling of the first failure once and of the recovery', async () => {
    const work = failingThen([refused(), refused(), refused()]);
    const told: string[] = [];
    const result = await retryWhileUnavailable(work.work, {
      signal: new AbortController().signal,
      onFirstFailure: (error) => told.push(`failed: ${(error as Error).message}`),
      onRecovered: (waitedMs) => told.push(`recovered after ${waitedMs >= 100 ? 'a wait' : 'no wait'}`),
    });
    expect(result).toBe('done');
    expect(work.calls).toBe(4);
    expect(told).toEqual(['failed: connect ECONNREFUSED 127.0.0.1:5432', 'recovered after a wait']);
  });

  it('throws any other failure at once', async () => {
    const work = failingThen([new Error('duplicate key value violates unique constraint')]);
    await expect(retryWhileUnavailable(work.work, { signal: new AbortController().signal })).rejects.toThrow('duplicate key');
    expect(work.calls).toBe(1);
  });

  it('gives up with the last failure once its patience is spent', async () => {
    const work = failingThen(Array.from({ length: 100 }, refused));
    const startedAt = Date.now();
    await expect(retryWhileUnavailable(work.work, { signal: new AbortController().signal, giveUpAfterMs: 250 })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
    expect(work.calls).toBeGreaterThan(1);
    expect(work.calls).toBeLessThan(10);
  });

  it('stops waiting when its signal aborts', async () => {
    const work = failingThen(Array.from({ length: 100 }, refused));
    const controller = new AbortController();
    const waiting = retryWhileUnavailable(work.work, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(waiting).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(work.calls).toBe(2);
  });
});
