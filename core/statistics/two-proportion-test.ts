import { twoSidedNormalP } from './normal-distribution.ts';

export interface ProportionSample {
  successes: number;
  trials: number;
}

export interface TwoProportionResult {
  /** (first rate − second rate) over the pooled standard error: negative when the first is lower. */
  z: number;
  /** Two-sided p-value. */
  p: number;
}

/**
 * The pooled two-proportion z-test: under "both rates are equal" the common rate is estimated from both samples
 * together, and the difference is measured in that rate's standard errors. When every reading in both samples agrees
 * (all named, or none) there is no variance and no evidence of a change: z = 0, p = 1. An empty sample gives p = 1 too.
 */
export function twoProportionTest(first: ProportionSample, second: ProportionSample): TwoProportionResult {
  if (first.trials === 0 || second.trials === 0) return { z: 0, p: 1 };
  const pooled = (first.successes + second.successes) / (first.trials + second.trials);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / first.trials + 1 / second.trials));
  if (standardError === 0) return { z: 0, p: 1 };
  const z = (first.successes / first.trials - second.successes / second.trials) / standardError;
  return { z, p: twoSidedNormalP(z) };
}
