import { percentile, seededRandom } from '../statistics/index.ts';

/**
 * Bradley–Terry ratings from pairwise outcomes, on the Elo-like scale arena leaderboards publish: a gap of 400 points
 * means the stronger model is expected to win ten times as often, and the average model (the mean of the log
 * strengths) sits at 1000. The fit is Zermelo's minorisation–maximisation iteration; a tie counts as half a win each
 * way. Confidence intervals come from a bootstrap over the outcomes with a fixed seed, so the same votes always give
 * the same leaderboard.
 */

export interface PairwiseOutcome {
  modelA: string;
  modelB: string;
  /** 1: A won, 0: B won, 0.5: a tie. */
  scoreA: number;
}

/**
 * An outcome as the leaderboards read it: which round (vote) it came from, so a bootstrap resamples whole votes;
 * how much it counts (0 for a vote the integrity rules drop, less than 1 for a young account's); and A's style
 * minus B's (`styleDifference`), for the style-controlled fit.
 */
export interface WeightedOutcome extends PairwiseOutcome {
  round?: string;
  weight?: number;
  style?: readonly number[] | null;
}

export interface RatedModel {
  model: string;
  score: number;
  lower: number;
  upper: number;
  battles: number;
  wins: number;
  losses: number;
  ties: number;
}

export const SCALE = 400 / Math.LN10;
export const ANCHOR = 1000;

/**
 * Each model plays this many virtual games against an average opponent, half won: it keeps a model that never won
 * (or never lost) at a finite score, and is small enough to leave a fit with real data practically unchanged.
 */
export const PRIOR_GAMES = 0.01;
const MAX_ITERATIONS = 5_000;
const TOLERANCE = 1e-10;

/** The strengths' maximum-likelihood fit (each outcome counted by its weight), as scores on the Elo-like scale. */
export function fitScores(outcomes: readonly WeightedOutcome[], models: readonly string[]): Map<string, number> {
  const index = new Map(models.map((model, position) => [model, position]));
  const size = models.length;
  const wins = new Float64Array(size);
  const games = Array.from({ length: size }, () => new Float64Array(size));
  for (const outcome of outcomes) {
    const a = index.get(outcome.modelA);
    const b = index.get(outcome.modelB);
    const weight = outcome.weight ?? 1;
    if (a === undefined || b === undefined || a === b || weight <= 0) continue;
    wins[a]! += weight * outcome.scoreA;
    wins[b]! += weight * (1 - outcome.scoreA);
    games[a]![b]! += weight;
    games[b]![a]! += weight;
  }
  let strengths = new Float64Array(size).fill(1);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    const next = new Float64Array(size);
    for (let i = 0; i < size; i += 1) {
      // The virtual opponent has strength 1, the geometric mean the strengths are normalised to.
      let denominator = PRIOR_GAMES / (strengths[i]! + 1);
      for (let j = 0; j < size; j += 1) {
        if (j !== i && games[i]![j]! > 0) denominator += games[i]![j]! / (strengths[i]! + strengths[j]!);
      }
      next[i] = (wins[i]! + PRIOR_GAMES / 2) / denominator;
    }
    const logMean = next.reduce((sum, value) => sum + Math.log(value), 0) / size;
    let change = 0;
    for (let i = 0; i < size; i += 1) {
      next[i] = next[i]! / Math.exp(logMean);
      change = Math.max(change, Math.abs(Math.log(next[i]!) - Math.log(strengths[i]!)));
    }
    strengths = next;
    if (change < TOLERANCE) break;
  }
  return new Map(models.map((model, position) => [model, ANCHOR + SCALE * Math.log(strengths[position]!)]));
}

export interface RatingOptions {
  /** Bootstrap rounds for the intervals; 0 gives intervals of zero width. */
  bootstrapRounds?: number;
  seed?: number;
}

/** Every model's score with a 95% interval and its record, strongest first. */
export function rateModels(outcomes: readonly PairwiseOutcome[], options: RatingOptions = {}): RatedModel[] {
  const models = [...new Set(outcomes.flatMap((outcome) => [outcome.modelA, outcome.modelB]))].sort();
  if (models.length === 0) return [];
  const scores = fitScores(outcomes, models);
  const rounds = options.bootstrapRounds ?? 200;
  const random = seededRandom(options.seed ?? 20261125);
  const samples = new Map(models.map((model) => [model, [] as number[]]));
  for (let round = 0; round < rounds; round += 1) {
    const resampled = outcomes.map(() => outcomes[Math.floor(random() * outcomes.length)]!);
    for (const [model, score] of fitScores(resampled, models)) samples.get(model)!.push(score);
  }
  const records = new Map(models.map((model) => [model, { battles: 0, wins: 0, losses: 0, ties: 0 }]));
  for (const outcome of outcomes) {
    for (const [model, score] of [
      [outcome.modelA, outcome.scoreA],
      [outcome.modelB, 1 - outcome.scoreA],
    ] as const) {
      const record = records.get(model)!;
      record.battles += 1;
      if (score === 1) record.wins += 1;
      else if (score === 0) record.losses += 1;
      else record.ties += 1;
    }
  }
  return models
    .map((model) => {
      const score = scores.get(model)!;
      const sorted = samples.get(model)!.sort((a, b) => a - b);
      return {
        model,
        score,
        lower: sorted.length > 0 ? Math.min(score, percentile(sorted, 0.025)) : score,
        upper: sorted.length > 0 ? Math.max(score, percentile(sorted, 0.975)) : score,
        ...records.get(model)!,
      };
    })
    .sort((a, b) => b.score - a.score || a.model.localeCompare(b.model));
}
