/**
 * The complementary error function, by the Chebyshev fit in Numerical Recipes (erfcc): relative error below
 * 1.2e-7 everywhere, ample for p-values read against 0.05.
 */
export function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const tail =
    t *
    Math.exp(
      -x * x - 1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? tail : 2 - tail;
}

/** P(|Z| ≥ |z|) for a standard normal Z: the two-sided p-value of a z statistic. */
export function twoSidedNormalP(z: number): number {
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}
