import { windowReadings } from './window-readings.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PairedComparison } from '../../contract/tracking-paired.ts';
import { TRACKING_SURFACES, type TrackingSurface } from '../../contract/tracking.ts';
import {
  type ProportionInterval,
  type ProportionSample,
  twoProportionTest,
  wilsonInterval,
} from '../statistics/index.ts';

/** How far back the baseline a run is compared with reaches, in days of the set's clock. */
export const BASELINE_DAYS = 7;

export interface VisibilityWindows {
  /** The surface both windows read: surfaces are compared each with itself, never pooled. */
  surface?: TrackingSurface;
  /** The run just completed. */
  current: ProportionSample;
  /** Every completed run of the set in the 7 days before it. */
  baseline: ProportionSample;
  /** The same windows cell by cell (see `paired-cells.ts`); absent when not read. */
  paired?: PairedComparison | undefined;
}

/**
 * Answers naming the brand, out of answers that arrived (failed answers are no reading), in a run and in the runs of
 * the `BASELINE_DAYS` days before its slot, per surface (a plain model, web search, the AI Overview): each surface is
 * its own pair of windows, in that order, for the surfaces the run or its baseline has. A rolling baseline rather
 * than the single run before: one run is a few noisy readings, a week of runs is a rate worth comparing with.
 */
export async function visibilityWindows(em: EntityManager, runId: string, dayMs: number): Promise<(VisibilityWindows & { surface: TrackingSurface })[]> {
  const rows = await windowReadings(em, runId, BASELINE_DAYS * dayMs);
  return rows
    .map((row) => ({
      surface: row.surface,
      current: { successes: row.current_mentioned, trials: row.current_readings },
      baseline: { successes: row.baseline_mentioned, trials: row.baseline_readings },
    }))
    .sort((left, right) => TRACKING_SURFACES.indexOf(left.surface) - TRACKING_SURFACES.indexOf(right.surface));
}

export interface RateWithInterval extends ProportionInterval {
  rate: number;
  mentioned: number;
  readings: number;
}

export interface SignificantDrop {
  baseline: RateWithInterval;
  current: RateWithInterval;
  /** Two-sided p-value of the pooled two-proportion test. */
  p: number;
  /** The paired test on the same prompt-and-model cells, shown beside the pooled one. */
  paired?: PairedComparison | undefined;
}

export interface AlertRule {
  /** Alert only below this p-value. */
  pValue: number;
  /** Both windows need at least this many readings. */
  minReadings: number;
}

const described = (sample: ProportionSample): RateWithInterval => ({
  rate: sample.successes / sample.trials,
  mentioned: sample.successes,
  readings: sample.trials,
  ...wilsonInterval(sample.successes, sample.trials),
});

/**
 * The drop worth telling the owner about, or undefined. It must be a drop (the current rate below the baseline's),
 * both windows must hold enough readings to be measurements, and the two-proportion test must find the difference
 * unlikely under "nothing changed" (p below the set's threshold). A fall of many points in a handful of answers is
 * noise and stays silent. The paired figures ride along for the mail; they do not decide (one rule, as documented).
 */
export function significantDrop(windows: VisibilityWindows, rule: AlertRule): SignificantDrop | undefined {
  const { current, baseline } = windows;
  if (current.trials < rule.minReadings || baseline.trials < rule.minReadings) return undefined;
  if (current.successes / current.trials >= baseline.successes / baseline.trials) return undefined;
  const { p } = twoProportionTest(baseline, current);
  if (!(p < rule.pValue)) return undefined;
  return { baseline: described(baseline), current: described(current), p, ...(windows.paired ? { paired: windows.paired } : {}) };
}
