import { percentile, seededRandom } from '../statistics/index.ts';
import { STYLE_FEATURES } from './answer-style.ts';
import { fitScores, type WeightedOutcome } from './bradley-terry.ts';
import { fitWithStyle } from './style-controlled-fit.ts';

/**
 * One leaderboard from its outcomes: the raw or the style-controlled fit, with what makes it honest about its
 * uncertainty. A bootstrap resamples whole votes (a ranking's pairs are not independent of each other) with a fixed
 * seed and refits each sample; it gives every score a 95% interval, every model a 95% interval of ranks, and the
 * style effects their intervals. Models whose intervals overlap the first model of a group are statistically tied
 * with it and share its group. A model with fewer (weighted) battles than the minimum is fitted, since its games
 * tell about its opponents, but not shown.
 */

export type StyleMode = 'raw' | 'controlled';

export interface BoardOptions {
  style: StyleMode;
  /** Resamples for the intervals; 0 gives intervals of zero width. */
  bootstrapRounds?: number;
  seed?: number;
  /** Battles (summed weights) a model needs before it is shown. */
  minBattles?: number;
}

export interface BoardModel {
  model: string;
  score: number;
  lower: number;
  upper: number;
  /** The 95% interval of the model's rank among the shown models. */
  rankLower: number;
  rankUpper: number;
  /** 1 for the top group; models in one group are statistically tied. */
  group: number;
  battles: number;
  wins: number;
  losses: number;
  ties: number;
}

export interface StyleEffect {
  feature: string;
  name: string;
  /** Elo-like points for a difference of 1; with a 95% interval. */
  points: number;
  lower: number;
  upper: number;
}

export interface BoardFit {
  models: BoardModel[];
  /** Models fitted but not shown yet: fewer battles than the minimum. */
  hidden: number;
  /** The style effects, for the style-controlled fit; empty for the raw one. */
  styleEffects: StyleEffect[];
}

const DEFAULT_SEED = 20261125;

interface OneFit {
  scores: Map<string, number>;
  coefficients: number[];
  parameters?: Float64Array;
}

function fitOnce(outcomes: readonly WeightedOutcome[], models: readonly string[], style: StyleMode, start?: Float64Array): OneFit {
  return style === 'controlled' ? fitWithStyle(outcomes, models, start) : { scores: fitScores(outcomes, models), coefficients: [] };
}

function records(outcomes: readonly WeightedOutcome[], models: readonly string[]) {
  const byModel = new Map(models.map((model) => [model, { battles: 0, wins: 0, losses: 0, ties: 0 }]));
  for (const outcome of outcomes) {
    const weight = outcome.weight ?? 1;
    for (const [model, score] of [
      [outcome.modelA, outcome.scoreA],
      [outcome.modelB, 1 - outcome.scoreA],
    ] as const) {
      const record = byModel.get(model)!;
      record.battles += weight;
      if (score === 1) record.wins += weight;
      else if (score === 0) record.losses += weight;
      else record.ties += weight;
    }
  }
  return byModel;
}

/** The outcomes grouped by vote, so a resample draws whole votes. */
function byRound(outcomes: readonly WeightedOutcome[]): WeightedOutcome[][] {
  const rounds = new Map<string, WeightedOutcome[]>();
  outcomes.forEach((outcome, position) => {
    const key = outcome.round ?? `#${position}`;
    rounds.set(key, [...(rounds.get(key) ?? []), outcome]);
  });
  return [...rounds.values()];
}

/** Rank of each model among `shown` in one fit: 1 plus the number scoring higher. */
function ranksOf(scores: ReadonlyMap<string, number>, shown: readonly string[]): Map<string, number> {
  return new Map(shown.map((model) => [model, 1 + shown.filter((other) => scores.get(other)! > scores.get(model)!).length]));
}

/** Groups of tied models: walking strongest first, a model joins the current group while its interval reaches the group leader's. */
function groups(models: readonly Pick<BoardModel, 'lower' | 'upper'>[]): number[] {
  const result: number[] = [];
  let leader: Pick<BoardModel, 'lower' | 'upper'> | undefined;
  let group = 0;
  for (const model of models) {
    if (!leader || model.upper < leader.lower) {
      leader = model;
      group += 1;
    }
    result.push(group);
  }
  return result;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

export function fitBoard(allOutcomes: readonly WeightedOutcome[], options: BoardOptions): BoardFit {
  const outcomes = allOutcomes.filter((outcome) => (outcome.weight ?? 1) > 0 && outcome.modelA !== outcome.modelB);
  const models = [...new Set(outcomes.flatMap((outcome) => [outcome.modelA, outcome.modelB]))].sort();
  if (models.length === 0) return { models: [], hidden: 0, styleEffects: [] };
  const fitted = fitOnce(outcomes, models, options.style);
  const record = records(outcomes, models);
  const minBattles = options.minBattles ?? 0;
  // Compared with a small tolerance: weights are fractions and their sums pick up rounding.
  const shown = models.filter((model) => record.get(model)!.battles >= minBattles - 1e-9);

  const rounds = byRound(outcomes);
  const bootstrapRounds = options.bootstrapRounds ?? 200;
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const scoreSamples = new Map(models.map((model) => [model, [] as number[]]));
  const rankSamples = new Map(shown.map((model) => [model, [] as number[]]));
  const effectSamples = STYLE_FEATURES.map(() => [] as number[]);
  for (let sample = 0; sample < bootstrapRounds; sample += 1) {
    const resampled = rounds.flatMap(() => rounds[Math.floor(random() * rounds.length)]!);
    const refit = fitOnce(resampled, models, options.style, fitted.parameters);
    for (const [model, score] of refit.scores) scoreSamples.get(model)!.push(score);
    for (const [model, rank] of ranksOf(refit.scores, shown)) rankSamples.get(model)!.push(rank);
    refit.coefficients.forEach((value, k) => effectSamples[k]!.push(value));
  }

  const pointRanks = ranksOf(fitted.scores, shown);
  const rated = shown
    .map((model) => {
      const score = fitted.scores.get(model)!;
      const scores = scoreSamples.get(model)!.sort((a, b) => a - b);
      const ranks = rankSamples.get(model)!.sort((a, b) => a - b);
      const rank = pointRanks.get(model)!;
      const { battles, wins, losses, ties } = record.get(model)!;
      return {
        model,
        score,
        lower: scores.length > 0 ? Math.min(score, percentile(scores, 0.025)) : score,
        upper: scores.length > 0 ? Math.max(score, percentile(scores, 0.975)) : score,
        rankLower: ranks.length > 0 ? Math.min(rank, Math.floor(percentile(ranks, 0.025))) : rank,
        rankUpper: ranks.length > 0 ? Math.max(rank, Math.ceil(percentile(ranks, 0.975))) : rank,
        battles: round1(battles),
        wins: round1(wins),
        losses: round1(losses),
        ties: round1(ties),
      };
    })
    .sort((a, b) => b.score - a.score || a.model.localeCompare(b.model));
  const grouped = groups(rated);
  const styleEffects =
    options.style === 'controlled'
      ? STYLE_FEATURES.map((feature, k) => {
          const points = fitted.coefficients[k]!;
          const samples = effectSamples[k]!.sort((a, b) => a - b);
          return {
            feature: feature.key,
            name: feature.name,
            points,
            lower: samples.length > 0 ? Math.min(points, percentile(samples, 0.025)) : points,
            upper: samples.length > 0 ? Math.max(points, percentile(samples, 0.975)) : points,
          };
        })
      : [];
  return { models: rated.map((model, index) => ({ ...model, group: grouped[index]! })), hidden: models.length - shown.length, styleEffects };
}
