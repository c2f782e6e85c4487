/**
 * Statistics: intervals, tests and resampling shared by the figures and the benchmarks.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { bootstrapMean } from './bootstrap-mean.ts';
export { bootstrapRatio } from './bootstrap-ratio.ts';
export { mcnemarExact } from './mcnemar-exact.ts';
export { median } from './median.ts';
export { percentile, seededRandom } from './resampling.ts';
export { type ProportionSample, twoProportionTest } from './two-proportion-test.ts';
export { type ProportionInterval, wilsonInterval } from './wilson-interval.ts';
