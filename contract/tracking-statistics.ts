import * as Type from 'typebox/type';

/**
 * The uncertainty that comes with every tracking rate. AI answers vary from one asking to the next, so a rate is
 * shown with the range the true rate very likely lies in, and with the counts it was read from.
 */

/**
 * A proportion with its Wilson 95% interval: `count` of `readings` answers, `rate`, `low` and `high` in percent
 * (null with no readings). `directional`: fewer than 10 readings, a hint rather than a measurement.
 */
export const ProportionEstimate = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  readings: Type.Integer({ minimum: 0 }),
  rate: Type.Union([Type.Number(), Type.Null()]),
  low: Type.Union([Type.Number(), Type.Null()]),
  high: Type.Union([Type.Number(), Type.Null()]),
  directional: Type.Boolean(),
});

/**
 * A mean (average position) or a ratio of sums (share of voice, in percent) with a seeded percentile bootstrap 95%
 * interval, read from `readings` answers; the same data always gives the same interval.
 */
export const BootstrapEstimate = Type.Object({
  readings: Type.Integer({ minimum: 0 }),
  value: Type.Union([Type.Number(), Type.Null()]),
  low: Type.Union([Type.Number(), Type.Null()]),
  high: Type.Union([Type.Number(), Type.Null()]),
  directional: Type.Boolean(),
});

export const RateStatistics = Type.Object({
  /** Answers a judge model found recommending the brand, of the answers it judged (0 readings when no judge ran). */
  recommendation: ProportionEstimate,
  /** Shares of the answers naming the brand that speak of it positively, neutrally or negatively. */
  sentiment: Type.Object({ positive: ProportionEstimate, neutral: ProportionEstimate, negative: ProportionEstimate }),
  /** Among the answers naming the brand: its average place in their list of brands (1 = named first). */
  averagePosition: BootstrapEstimate,
  /** The brand's mentions over all brands' mentions, in percent, resampled by answer. */
  shareOfVoice: BootstrapEstimate,
});

export type ProportionEstimate = Type.Static<typeof ProportionEstimate>;
export type BootstrapEstimate = Type.Static<typeof BootstrapEstimate>;
export type RateStatistics = Type.Static<typeof RateStatistics>;
