import { percentile, seededRandom } from './resampling.ts';

export interface BootstrapOptions {
  /** Resamples drawn; default 2,000. */
  rounds?: number;
  seed?: number;
  /** Coverage of the interval; default 0.95. */
  level?: number;
}

export interface MeanInterval {
  mean: number;
  low: number;
  high: number;
}

/**
 * A percentile bootstrap interval for the mean of `values` (average position has no neat formula: positions are
 * small integers, skewed, few). Draws `rounds` resamples with replacement, takes each one's mean, and reads the
 * interval off their spread. Deterministic for a given seed. No values gives null; one value an interval of zero width.
 */
export function bootstrapMean(values: readonly number[], options: BootstrapOptions = {}): MeanInterval | null {
  if (values.length === 0) return null;
  const rounds = options.rounds ?? 2_000;
  const level = options.level ?? 0.95;
  const random = seededRandom(options.seed ?? 20261126);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const means: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    let sum = 0;
    for (let draw = 0; draw < values.length; draw += 1) sum += values[Math.floor(random() * values.length)]!;
    means.push(sum / values.length);
  }
  means.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return { mean, low: percentile(means, tail), high: percentile(means, 1 - tail) };
}
