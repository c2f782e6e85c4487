/**
 * Percentiles by the nearest-rank method: the p-th percentile of n samples is the sample at rank ⌈p/100 × n⌉ in
 * ascending order (rank 1 for p = 0). It always returns a value that was actually measured, never an interpolated
 * one, which is what we want for latencies: "p99 = 4.1 ms" means some stream really waited 4.1 ms.
 *
 * With few samples the high percentiles collapse onto the maximum: for n < 100, p99 is the largest sample.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be between 0 and 100, got ${p}`);
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return nearestRank(sorted, p);
}

/** Several percentiles of the same samples, sorting them once. Keys are the requested percentiles. */
export function percentiles<P extends number>(samples: readonly number[], wanted: readonly P[]): Record<P, number> {
  const sorted = [...samples].sort((a, b) => a - b);
  const result = {} as Record<P, number>;
  for (const p of wanted) {
    if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be between 0 and 100, got ${p}`);
    result[p] = sorted.length === 0 ? Number.NaN : nearestRank(sorted, p);
  }
  return result;
}

function nearestRank(sorted: readonly number[], p: number): number {
  // p × n first: (p / 100) × n can land a hair above a whole number (0.07 × 100 = 7.000000000000001).
  const rank = Math.max(1, Math.ceil((p * sorted.length) / 100));
  return sorted[rank - 1]!;
}
