/** The z value of a two-sided 95% interval: the normal quantile at 0.975. */
export const Z_95 = 1.959963984540054;

export interface ProportionInterval {
  low: number;
  high: number;
}

/**
 * The Wilson score interval for `successes` out of `trials` (95% by default). Unlike the textbook "p ± 1.96·se" it
 * stays inside [0, 1] and does not collapse to zero width at 0 or n successes, which is exactly where small tracking
 * samples sit (0 of 6 answers naming the brand does not mean the true rate is 0). No trials gives the whole range.
 */
export function wilsonInterval(successes: number, trials: number, z = Z_95): ProportionInterval {
  if (!Number.isInteger(successes) || !Number.isInteger(trials) || successes < 0 || trials < 0 || successes > trials) {
    throw new RangeError(`wilsonInterval needs 0 ≤ successes ≤ trials, got ${successes} of ${trials}`);
  }
  if (trials === 0) return { low: 0, high: 1 };
  const rate = successes / trials;
  const zz = z * z;
  const denominator = 1 + zz / trials;
  const centre = (rate + zz / (2 * trials)) / denominator;
  const halfWidth = (z * Math.sqrt((rate * (1 - rate)) / trials + zz / (4 * trials * trials))) / denominator;
  // At 0 or n successes the formula's end is exactly 0 or 1; floating point leaves 3e-17 or 0.9999999999999999.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - halfWidth),
    high: successes === trials ? 1 : Math.min(1, centre + halfWidth),
  };
}
