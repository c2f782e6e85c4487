import { describe, expect, it } from 'vitest';
import { bootstrapRatio } from '../../core/statistics/bootstrap-ratio.ts';
import { averagePositionEstimate, proportionEstimate, rateStatistics, shareOfVoiceEstimate } from '../../core/tracking/tracking-rate-statistics.ts';

describe('bootstrapRatio', () => {
  const brand = [1, 0, 2, 1, 0, 1, 3, 0, 1, 1];
  const all = [2, 3, 2, 4, 1, 2, 3, 2, 2, 3];

  it('gives the ratio of sums, the same interval for the same seed, another for another seed', () => {
    const first = bootstrapRatio(brand, all, { seed: 7 })!;
    expect(first.mean).toBeCloseTo(10 / 24, 12);
    expect(bootstrapRatio(brand, all, { seed: 7 })).toEqual(first);
    expect(bootstrapRatio(brand, all, { seed: 8 })).not.toEqual(first);
    expect(first.low).toBeLessThan(first.mean);
    expect(first.high).toBeGreaterThan(first.mean);
  });

  it('is null when no brand was named at all, and refuses unpaired counts', () => {
    expect(bootstrapRatio([0, 0], [0, 0])).toBeNull();
    expect(() => bootstrapRatio([1], [1, 2])).toThrow(RangeError);
  });
});

describe('rate estimates', () => {
  it('reads proportions with Wilson intervals in percent, directional under 10 readings', () => {
    expect(proportionEstimate(6, 12)).toEqual({ count: 6, readings: 12, rate: 50, low: 25.4, high: 74.6, directional: false });
    expect(proportionEstimate(3, 6)).toMatchObject({ low: 18.8, high: 81.2, directional: true });
    expect(proportionEstimate(0, 0)).toEqual({ count: 0, readings: 0, rate: null, low: null, high: null, directional: true });
  });

  it('gives average position and share of voice bootstrap intervals that contain the estimate', () => {
    const position = averagePositionEstimate([1, 2, 1, 3, 1, 2, 1, 1, 4, 2, 1]);
    expect(position.value).toBe(1.73);
    expect(position.low!).toBeLessThan(1.73);
    expect(position.high!).toBeGreaterThan(1.73);
    expect(position.directional).toBe(false);
    expect(shareOfVoiceEstimate([1, 1], [2, 2])).toEqual({ readings: 2, value: 50, low: 50, high: 50, directional: true });
    expect(shareOfVoiceEstimate([0], [0])).toEqual({ readings: 1, value: null, low: null, high: null, directional: true });
  });

  it('splits sentiment over the answers naming the brand and counts recommendations of judged answers only', () => {
    const statistics = rateStatistics({
      mentioned: 10, judged: 4, recommended: 1, positive: 6, neutral: 3, negative: 1,
      positions: [], brand_mention_counts: [], all_mention_counts: [],
    });
    expect(statistics.recommendation).toMatchObject({ count: 1, readings: 4, rate: 25 });
    expect(statistics.sentiment.positive).toMatchObject({ count: 6, readings: 10, rate: 60, directional: false });
    expect(statistics.sentiment.negative).toMatchObject({ count: 1, readings: 10, rate: 10 });
    expect(statistics.averagePosition.value).toBeNull();
  });
});
