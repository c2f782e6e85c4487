import { percentile, seededRandom } from './resampling.ts';
import type { BootstrapOptions, MeanInterval } from './bootstrap-mean.ts';

/**
 * A percentile bootstrap interval for a ratio of sums, Σ numerators / Σ denominators, resampling whole pairs (one
 * answer each): share of voice is the brand's mentions over every brand's mentions, summed over answers, so the
 * answer, not the mention, is the unit that varies. Deterministic for a given seed. Null when the denominators sum to
 * zero (no brand named at all); a resample whose denominators sum to zero is left out of the spread.
 */
export function bootstrapRatio(numerators: readonly number[], denominators: readonly number[], options: BootstrapOptions = {}): MeanInterval | null {
  if (numerators.length !== denominators.length) throw new RangeError('bootstrapRatio needs one numerator per denominator');
  const total = denominators.reduce((sum, value) => sum + value, 0);
  if (total === 0) return null;
  const mean = numerators.reduce((sum, value) => sum + value, 0) / total;
  const rounds = options.rounds ?? 2_000;
  const level = options.level ?? 0.95;
  const random = seededRandom(options.seed ?? 20261126);
  const count = numerators.length;
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    let top = 0;
    let bottom = 0;
    for (let draw = 0; draw < count; draw += 1) {
      const index = Math.floor(random() * count);
      top += numerators[index]!;
      bottom += denominators[index]!;
    }
    if (bottom > 0) ratios.push(top / bottom);
  }
  ratios.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return { mean, low: percentile(ratios, tail), high: percentile(ratios, 1 - tail) };
}
