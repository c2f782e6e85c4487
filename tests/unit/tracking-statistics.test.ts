import { describe, expect, it } from 'vitest';
import { bootstrapMean } from '../../core/statistics/bootstrap-mean.ts';
import { erfc } from '../../core/statistics/normal-distribution.ts';
import { twoProportionTest } from '../../core/statistics/two-proportion-test.ts';
import { wilsonInterval } from '../../core/statistics/wilson-interval.ts';

describe('Wilson 95% score interval', () => {
  it('matches published values', () => {
    const cases: [number, number, number, number][] = [
      [0, 10, 0, 0.2775],
      [5, 10, 0.2366, 0.7634],
      [81, 263, 0.2553, 0.3662],
      [10, 10, 0.7225, 1],
    ];
    for (const [successes, trials, low, high] of cases) {
      const interval = wilsonInterval(successes, trials);
      expect(interval.low, `${successes}/${trials} low`).toBeCloseTo(low, 4);
      expect(interval.high, `${successes}/${trials} high`).toBeCloseTo(high, 4);
    }
  });

  it('narrows as readings grow around the same rate, and spans everything with no readings', () => {
    const few = wilsonInterval(3, 6);
    const many = wilsonInterval(300, 600);
    expect(many.high - many.low).toBeLessThan((few.high - few.low) / 5);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('refuses impossible counts', () => {
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 10)).toThrow(RangeError);
  });
});

describe('pooled two-proportion z-test', () => {
  it('reproduces the aspirin trial: 189 of 11,034 heart attacks on placebo against 104 of 11,037 on aspirin, z ≈ 5.00', () => {
    const result = twoProportionTest({ successes: 189, trials: 11_034 }, { successes: 104, trials: 11_037 });
    expect(result.z).toBeCloseTo(5.0014, 3);
    expect(result.p).toBeGreaterThan(5.5e-7);
    expect(result.p).toBeLessThan(5.9e-7);
  });

  it('gives a two-sided p-value: 18 of 50 against 12 of 50 is z = 1.309, p = 0.190, either way round', () => {
    const forward = twoProportionTest({ successes: 18, trials: 50 }, { successes: 12, trials: 50 });
    const backward = twoProportionTest({ successes: 12, trials: 50 }, { successes: 18, trials: 50 });
    expect(forward.z).toBeCloseTo(1.3093, 4);
    expect(forward.p).toBeCloseTo(0.1904, 4);
    expect(backward.z).toBeCloseTo(-1.3093, 4);
    expect(backward.p).toBeCloseTo(forward.p, 10);
  });

  it('tells a real drop from noise at tracking sizes: 6/12 → 0/12 is significant, 2/4 → 0/4 is not', () => {
    expect(twoProportionTest({ successes: 6, trials: 12 }, { successes: 0, trials: 12 }).p).toBeCloseTo(0.00468, 4);
    expect(twoProportionTest({ successes: 2, trials: 4 }, { successes: 0, trials: 4 }).p).toBeCloseTo(0.1025, 3);
  });

  it('finds no evidence when nothing varies or a sample is empty', () => {
    expect(twoProportionTest({ successes: 0, trials: 12 }, { successes: 0, trials: 30 })).toEqual({ z: 0, p: 1 });
    expect(twoProportionTest({ successes: 3, trials: 12 }, { successes: 0, trials: 0 })).toEqual({ z: 0, p: 1 });
  });

  it('computes erfc to within 1.2e-7 of reference values', () => {
    expect(erfc(0)).toBeCloseTo(1, 7);
    expect(erfc(1)).toBeCloseTo(0.157299207, 7);
    expect(erfc(-1)).toBeCloseTo(1.842700793, 7);
    expect(erfc(2)).toBeCloseTo(0.004677735, 7);
  });
});

describe('seeded percentile bootstrap of a mean', () => {
  const positions = [1, 1, 2, 1, 3, 2, 1, 5, 2, 1, 1, 4];

  it('gives the same interval for the same seed, and another for another seed', () => {
    // Few rounds, so the interval ends fall between the (discrete) resampled means and show the seed.
    const first = bootstrapMean(positions, { seed: 7, rounds: 25 });
    const again = bootstrapMean(positions, { seed: 7, rounds: 25 });
    const other = bootstrapMean(positions, { seed: 8, rounds: 25 });
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('brackets the sample mean with a sensible interval', () => {
    const interval = bootstrapMean(positions, { seed: 1 })!;
    expect(interval.mean).toBeCloseTo(2, 10);
    expect(interval.low).toBeLessThan(2);
    expect(interval.high).toBeGreaterThan(2);
    // The normal approximation gives mean ± 1.96·sd/√n ≈ 2 ± 0.71; the bootstrap should be close to it.
    expect(interval.low).toBeGreaterThan(1.1);
    expect(interval.high).toBeLessThan(3);
  });

  it('has nothing to say about no values, and no spread for one', () => {
    expect(bootstrapMean([])).toBeNull();
    expect(bootstrapMean([3])).toEqual({ mean: 3, low: 3, high: 3 });
  });
});
