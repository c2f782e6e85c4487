import { RUNS_PER_MONTH, RUNS_PER_WEEK, type CostPreview, type TrackingCadence } from '../../contract/tracking.ts';
import type { ModelCatalogue } from '../catalogue/index.ts';
import { runCredits } from '../credits/index.ts';
import { runCreditsFor } from '../../contract/tracking-samples.ts';

/**
 * What a set costs: every prompt asked of every model `samplesPerCell` times per run and every canary prompt once, at
 * each model's price (tracking asks without web search, so no surcharge), then per week and per 30-day month at its
 * cadence. Failed answers cost nothing, so these are the most a set can spend.
 */
export function trackingCost(
  catalogue: ModelCatalogue,
  models: readonly { engine: string; model: string }[],
  prompts: number,
  cadence: TrackingCadence,
  samplesPerCell: number,
  canaryPrompts = 0,
): CostPreview {
  const priced = models.map(({ engine, model }) => ({ engine, model, credits: runCredits(catalogue, engine, model, false) }));
  const perAsking = priced.reduce((sum, choice) => sum + choice.credits, 0);
  const canaryPerRun = canaryPrompts * perAsking;
  // The same sum the form's samples table uses, so the two never disagree.
  const perRun = runCreditsFor(prompts, samplesPerCell, perAsking, canaryPerRun);
  return { perRun, canaryPerRun, perWeek: perRun * RUNS_PER_WEEK[cadence], perMonth: Math.round(perRun * RUNS_PER_MONTH[cadence]), models: priced };
}
