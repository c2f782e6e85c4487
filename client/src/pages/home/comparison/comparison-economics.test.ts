import { describe, expect, it } from 'vitest';
import type { ModelResult } from '../../../../../contract/model-result.ts';
import type { RunColumn } from '../../../requests/request-state.ts';
import { comparisonEconomics } from './comparison-economics.ts';

const column = (model: string, facts: Partial<ModelResult>, phase: RunColumn['phase'] = 'done'): RunColumn =>
  ({
    engine: 'openai',
    model,
    phase,
    result: { success: phase === 'done', creditsUsed: 0, timeToFirstTokenMs: null, durationMs: null, ...facts } as ModelResult,
  }) as RunColumn;

const keyOf = (entry: RunColumn) => entry.model;

describe("a comparison's economics line", () => {
  it('names the fastest start, the fastest finish and the cheapest, each from its own figure', () => {
    const economics = comparisonEconomics(
      [column('a', { timeToFirstTokenMs: 300, durationMs: 2_000, creditsUsed: 6 }), column('b', { timeToFirstTokenMs: 500, durationMs: 1_200, creditsUsed: 2 })],
      keyOf,
    );
    expect(economics).toEqual({
      fastestStart: { keys: ['a'], value: 300 },
      fastestFinish: { keys: ['b'], value: 1_200 },
      cheapest: { keys: ['b'], value: 2 },
    });
  });

  it('names every column in a tie, and leaves out failed, stopped and unmeasured answers', () => {
    const economics = comparisonEconomics(
      [
        column('a', { creditsUsed: 2, timeToFirstTokenMs: 100 }),
        column('b', { creditsUsed: 2 }),
        column('c', { creditsUsed: 0, timeToFirstTokenMs: 10 }, 'error'),
        column('d', { creditsUsed: 0 }, 'stopped'),
      ],
      keyOf,
    );
    expect(economics.cheapest).toEqual({ keys: ['a', 'b'], value: 2 });
    // Only one answer reported its first word: nothing to compare.
    expect(economics.fastestStart).toBeNull();
    expect(economics.fastestFinish).toBeNull();
  });
});
