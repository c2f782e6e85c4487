import { DEFAULT_ALERT_MIN_READINGS, type TrackingSummary, type VisibilityInterval } from '../../contract/tracking.ts';
import { wilsonInterval } from '../statistics/index.ts';
import { STATISTICS_COLUMNS, rateStatistics, type StatisticsRow } from './tracking-rate-statistics.ts';

/**
 * The numbers one group of tracking results comes to, as SQL select items over `tracking_results` aliased
 * `result`: visibility (share of answers naming the brand), share of voice (the brand's mentions over all brands'),
 * average position among the brands named, and mean sentiment (-1 to 1). Failed answers count as failed only.
 * With them, the counts and readings every other rate's interval is computed from (`tracking-rate-statistics.ts`).
 * One definition, used by the dashboard's series and the run list; alerts count their windows in `tracking-alerts.ts`.
 */
export const SUMMARY_COLUMNS = `
  round(100.0 * count(*) filter (where result.status = 'completed' and result.mentioned)
        / nullif(count(*) filter (where result.status = 'completed'), 0), 1)::float8 as visibility,
  round(100.0 * sum(result.brand_mentions) filter (where result.status = 'completed')
        / nullif(sum(result.all_brand_mentions) filter (where result.status = 'completed'), 0), 1)::float8 as share_of_voice,
  round(avg(result.position) filter (where result.mentioned), 2)::float8 as average_position,
  round(avg(case result.sentiment when 'positive' then 1 when 'negative' then -1 else 0 end) filter (where result.mentioned), 2)::float8 as sentiment,
  count(*) filter (where result.status = 'completed' and result.mentioned)::int as mentioned,
  count(*) filter (where result.status = 'completed')::int as answers,
  count(*) filter (where result.status = 'error')::int as failed,
  ${STATISTICS_COLUMNS}`;

export interface SummaryRow extends StatisticsRow {
  visibility: number | null;
  share_of_voice: number | null;
  average_position: number | null;
  sentiment: number | null;
  mentioned: number;
  answers: number;
  failed: number;
}

const percent = (fraction: number) => Math.round(fraction * 1000) / 10;

/**
 * Visibility's counts and Wilson 95% interval, in points like visibility itself. Fewer than 10 readings (the default
 * an alert needs) makes the window directional: the interval is then too wide to read the rate as a measurement.
 */
export function visibilityInterval(mentioned: number, readings: number): VisibilityInterval {
  if (readings === 0) return { mentioned: 0, readings: 0, low: null, high: null, directional: true };
  const interval = wilsonInterval(mentioned, readings);
  return { mentioned, readings, low: percent(interval.low), high: percent(interval.high), directional: readings < DEFAULT_ALERT_MIN_READINGS };
}

export function summaryFromRow(row: SummaryRow | undefined): TrackingSummary {
  return {
    visibility: row?.visibility ?? null,
    shareOfVoice: row?.share_of_voice ?? null,
    averagePosition: row?.average_position ?? null,
    sentiment: row?.sentiment ?? null,
    answers: row?.answers ?? 0,
    failed: row?.failed ?? 0,
    visibilityInterval: visibilityInterval(row?.mentioned ?? 0, row?.answers ?? 0),
    statistics: rateStatistics(row),
  };
}

