/**
 * Percentiles by the nearest-rank method: the p-th percentile of n samples is the sample at rank ⌈p × n / 100⌉ in
 * ascending order (rank 1 for p = 0). It always returns a value that was actually measured, never an interpolated
 * one, which suits latencies: "p99 = 4.1 ms" means some chunk really took 4.1 ms.
 *
 * With few samples the high percentiles collapse onto the maximum: for n ≤ 100, p99 is the largest sample.
 * No samples give NaN, which the table prints as "–".
 */
export function percentile(samples: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be between 0 and 100, got ${p}`);
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  // p × n first: (p / 100) × n can land a hair above a whole number (7 / 100 × 100 = 7.000000000000001).
  const rank = Math.max(1, Math.ceil((p * sorted.length) / 100));
  return sorted[rank - 1]!;
}
