import path from 'node:path';
import type { Sentiment } from '../../contract/brand.ts';
import { findTermMatches } from '../../core/brand/brand-matches.ts';
import { mentionFeatureSets, mentionProbabilities, readText, type MentionEvidence } from '../../core/brand/targeted-sentiment.ts';
import { RULE_WEIGHTS } from '../../core/brand/sentiment/sentiment-model.ts';
import { readLabelledItems } from './labelled-items.ts';
import { balancingWeights, fitLogisticRegression, scoresOf, type FittedModel, type TrainingOptions } from './logistic-regression.ts';
import { scoreVerdicts } from './verdict-scores.ts';

/**
 * The labelled items as the analyser sees them: each item's mentions, found as the worker finds a brand name, and
 * their features from the very code the worker runs. Fitting, cross-validation and the tests' fixed split all
 * start here.
 */
export interface FeaturedItem {
  file: string;
  label: number;
  /** One reading per mention of the target. */
  mentions: Pick<MentionEvidence, 'features' | 'rules' | 'scope'>[];
}

const LABEL_INDEX: Readonly<Record<Sentiment, number>> = { negative: 0, neutral: 1, positive: 2 };
export const LABEL_NAMES: readonly Sentiment[] = ['negative', 'neutral', 'positive'];

export function featuredItems(files: readonly string[]): FeaturedItem[] {
  return files.flatMap((file) =>
    readLabelledItems(file).map((item) => ({
      file: path.basename(file),
      label: LABEL_INDEX[item.label],
      mentions: mentionFeatureSets(readText(item.text), findTermMatches(item.text, item.target), []).map(({ features, rules, scope }) => ({ features, rules, scope })),
    })),
  );
}

/** Features seen in at least `minCount` items: rarer ones only fit the noise. */
function frequentFeatures(items: readonly FeaturedItem[], minCount: number): Set<string> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const seen = new Set(item.mentions.flatMap(({ features }) => [...features.keys()]));
    for (const name of seen) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count >= minCount).map(([name]) => name));
}

export interface FitOptions extends TrainingOptions {
  minCount: number;
}

export const DEFAULT_FIT: FitOptions = { epochs: 12, learningRate: 0.2, l2: 1e-4, seed: 7, minCount: 1 };

export function fitItems(items: readonly FeaturedItem[], options: FitOptions = DEFAULT_FIT): FittedModel {
  const keep = frequentFeatures(items, options.minCount);
  const balance = balancingWeights(items.map((item) => item.label));
  const examples = items.flatMap((item) =>
    item.mentions.map(({ features, scope }) => ({
      features: new Map([...features].filter(([name]) => keep.has(name))),
      // The model reads a compared-against mention as the subject, so it learns the label turned around.
      label: scope.comparedAgainst ? 2 - item.label : item.label,
      weight: balance[item.label]! / item.mentions.length,
    })),
  );
  return fitLogisticRegression(examples, options);
}

/** An item's verdict as the analyser reaches it: its mentions' probabilities summed, the largest class. */
export function predictItem(model: FittedModel, item: FeaturedItem, weights: typeof RULE_WEIGHTS = RULE_WEIGHTS): number {
  const total = [0, 0, 0];
  for (const mention of item.mentions) mentionProbabilities(scoresOf(model, mention.features), mention, weights).forEach((probability, label) => (total[label]! += probability));
  return total.indexOf(Math.max(...total));
}

export interface FileFigures {
  n: number;
  accuracy: number;
  macroF1: number;
}

/** Accuracy and macro-F1 per file of `predicted` (item index → label) over `items`. */
export function figuresByFile(items: readonly FeaturedItem[], predicted: ReadonlyMap<number, number>): Record<string, FileFigures> {
  const byFile: Record<string, FileFigures> = {};
  for (const file of new Set(items.map((item) => item.file))) {
    const indices = [...predicted.keys()].filter((index) => items[index]!.file === file);
    const scores = scoreVerdicts(
      indices.map((index) => LABEL_NAMES[items[index]!.label]!),
      indices.map((index) => LABEL_NAMES[predicted.get(index)!]!),
    );
    byFile[file] = { n: indices.length, accuracy: round(scores.accuracy), macroF1: round(scores.macroF1) };
  }
  return byFile;
}

/** K-fold cross-validation over items (fold = position in a fixed interleaving), figures per file. */
export function crossValidate(items: readonly FeaturedItem[], folds: number, options: FitOptions = DEFAULT_FIT): Record<string, FileFigures> {
  const predicted = new Map<number, number>();
  for (let fold = 0; fold < folds; fold += 1) {
    const training = items.filter((_, index) => index % folds !== fold);
    const model = fitItems(training, options);
    items.forEach((item, index) => {
      if (index % folds === fold) predicted.set(index, predictItem(model, item));
    });
  }
  return figuresByFile(items, predicted);
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
