import { DEFAULT_ALERT_MIN_READINGS } from '../../contract/tracking.ts';
import type { BootstrapEstimate, ProportionEstimate, RateStatistics } from '../../contract/tracking-statistics.ts';
import { bootstrapMean, bootstrapRatio, wilsonInterval } from '../statistics/index.ts';

/**
 * Turns a group's counts and readings (see `STATISTICS_COLUMNS`) into rates with intervals: Wilson for the
 * proportions, a seeded bootstrap for average position and share of voice. A dashboard draws hundreds of points,
 * so the bootstrap takes 500 resamples: enough for the 2.5% and 97.5% percentiles to settle to a tenth of a point
 * on tracking's sample sizes, and the fixed seed keeps every interval the same from one load to the next.
 */
export const STATISTICS_COLUMNS = `
  count(*) filter (where result.status = 'completed' and result.recommendation is not null)::int as judged,
  count(*) filter (where result.status = 'completed' and result.recommendation = 'recommended')::int as recommended,
  count(*) filter (where result.status = 'completed' and result.mentioned and result.sentiment = 'positive')::int as positive,
  count(*) filter (where result.status = 'completed' and result.mentioned and result.sentiment = 'neutral')::int as neutral,
  count(*) filter (where result.status = 'completed' and result.mentioned and result.sentiment = 'negative')::int as negative,
  coalesce(array_agg(result.position order by result.id) filter (where result.status = 'completed' and result.mentioned and result.position is not null), '{}') as positions,
  coalesce(array_agg(result.brand_mentions order by result.id) filter (where result.status = 'completed'), '{}') as brand_mention_counts,
  coalesce(array_agg(result.all_brand_mentions order by result.id) filter (where result.status = 'completed'), '{}') as all_mention_counts`;

export interface StatisticsRow {
  mentioned: number;
  judged: number;
  recommended: number;
  positive: number;
  neutral: number;
  negative: number;
  positions: number[];
  brand_mention_counts: number[];
  all_mention_counts: number[];
}

export const BOOTSTRAP_ROUNDS = 500;
export const BOOTSTRAP_SEED = 20261127;

const percent = (fraction: number) => Math.round(fraction * 1000) / 10;
const hundredths = (value: number) => Math.round(value * 100) / 100;
const directional = (readings: number) => readings < DEFAULT_ALERT_MIN_READINGS;

/** `count` of `readings` as a percentage with its Wilson 95% interval. */
export function proportionEstimate(count: number, readings: number): ProportionEstimate {
  if (readings === 0) return { count: 0, readings: 0, rate: null, low: null, high: null, directional: true };
  const interval = wilsonInterval(count, readings);
  return { count, readings, rate: percent(count / readings), low: percent(interval.low), high: percent(interval.high), directional: directional(readings) };
}

/** Average position with its bootstrap interval, from the positions of the answers naming the brand. */
export function averagePositionEstimate(positions: readonly number[]): BootstrapEstimate {
  const interval = bootstrapMean(positions, { rounds: BOOTSTRAP_ROUNDS, seed: BOOTSTRAP_SEED });
  if (!interval) return { readings: 0, value: null, low: null, high: null, directional: true };
  return { readings: positions.length, value: hundredths(interval.mean), low: hundredths(interval.low), high: hundredths(interval.high), directional: directional(positions.length) };
}

/** Share of voice (in percent) with its bootstrap interval, resampling answers with their mention counts. */
export function shareOfVoiceEstimate(brandMentions: readonly number[], allMentions: readonly number[]): BootstrapEstimate {
  const interval = bootstrapRatio(brandMentions, allMentions, { rounds: BOOTSTRAP_ROUNDS, seed: BOOTSTRAP_SEED });
  const readings = brandMentions.length;
  if (!interval) return { readings, value: null, low: null, high: null, directional: true };
  return { readings, value: percent(interval.mean), low: percent(interval.low), high: percent(interval.high), directional: directional(readings) };
}

export function rateStatistics(row: StatisticsRow | undefined): RateStatistics {
  const mentioned = row?.mentioned ?? 0;
  return {
    recommendation: proportionEstimate(row?.recommended ?? 0, row?.judged ?? 0),
    sentiment: {
      positive: proportionEstimate(row?.positive ?? 0, mentioned),
      neutral: proportionEstimate(row?.neutral ?? 0, mentioned),
      negative: proportionEstimate(row?.negative ?? 0, mentioned),
    },
    averagePosition: averagePositionEstimate((row?.positions ?? []).map(Number)),
    shareOfVoice: shareOfVoiceEstimate((row?.brand_mention_counts ?? []).map(Number), (row?.all_mention_counts ?? []).map(Number)),
  };
}
