import { describe, expect, it } from 'vitest';
import { sampleChoices, wilsonWidth } from '../../contract/tracking-samples.ts';
import { wilsonInterval } from '../../core/statistics/wilson-interval.ts';

describe('what each choice of samples per cell buys', () => {
  it('agrees with the Wilson interval the dashboard draws, wherever the rate lands on a whole count', () => {
    for (const [successes, trials] of [[6, 12], [4, 40], [1, 10], [60, 120], [3, 30]] as const) {
      const { low, high } = wilsonInterval(successes, trials);
      expect(wilsonWidth(successes / trials, trials)).toBeCloseTo(high - low, 12);
    }
    expect(wilsonWidth(0.5, 0)).toBe(1);
  });

  it('lists 1, 3, 5, 10 and 30 samples for 2 prompts × 2 models, with widths at 50% and 10% and the credits per run', () => {
    // 12 credits ask both models once (6 + 6): the standard test set's 72 credits at 3 samples.
    expect(sampleChoices({ prompts: 2, models: 2, perAsking: 12, maximum: 10 })).toEqual([
      { samples: 1, answers: 4, widthAt50: 70, widthAt10: 57.4, creditsPerRun: 24, allowed: true },
      { samples: 3, answers: 12, widthAt50: 49.2, widthAt10: 35.3, creditsPerRun: 72, allowed: true },
      { samples: 5, answers: 20, widthAt50: 40.1, widthAt10: 27.3, creditsPerRun: 120, allowed: true },
      { samples: 10, answers: 40, widthAt50: 29.6, widthAt10: 19.1, creditsPerRun: 240, allowed: true },
      { samples: 30, answers: 120, widthAt50: 17.6, widthAt10: 10.9, creditsPerRun: 720, allowed: false },
    ]);
  });

  it('adds the canaries once per run, whatever the samples', () => {
    const rows = sampleChoices({ prompts: 3, models: 1, perAsking: 5, canaryPerRun: 10, maximum: 10 });
    expect(rows.map((row) => row.creditsPerRun)).toEqual([25, 55, 85, 160, 460]);
  });
});
