import { readFileSync } from 'node:fs';
import { dataFilePath } from '../../config/index.ts';
import { loadContextReader, type ContextReader } from './context-reader.ts';
import type { Features } from './mention-features.ts';

/**
 * The trained part of the analyser: a multinomial logistic regression over the mention features, fitted by
 * `scripts/brand-model/train_model.py` (`npm run brand:train`) and stored beside this file. Loaded once per process
 * when this module is first imported (see docs/brand-analysis.md for the cost), read offline; nothing is fetched.
 */
export const SENTIMENT_CLASSES = ['negative', 'neutral', 'positive'] as const;
export type SentimentClass = (typeof SENTIMENT_CLASSES)[number];

interface StoredModel {
  version: string;
  /** Per feature, its weight for each class in `SENTIMENT_CLASSES` order. */
  weights: Record<string, [number, number, number]>;
  /** Per class, the intercept. */
  intercepts: [number, number, number];
  /** The passage combiner's weights (passage-verdict.ts): per class, one per feature; absent in older models. */
  passage?: { weights: number[][] };
  /** Present when the model was fitted with the context reader beside it (context-reader.ts). */
  contextReader?: { weight: number };
  /** How much the rules move the scores, as the model was fitted with them; absent in older models. */
  rules?: { owned: number; asksOrSupposes: number; noPolarWords: number };
}

const stored = JSON.parse(readFileSync(dataFilePath('core/brand/sentiment/sentiment-model.json'), 'utf8')) as StoredModel;
const WEIGHTS: ReadonlyMap<string, readonly [number, number, number]> = new Map(Object.entries(stored.weights));

/** The context reader fitted with these weights; undefined when they were fitted without one. */
export const CONTEXT_READER: ContextReader | undefined = stored.contextReader ? loadContextReader() : undefined;

export const MODEL_VERSION = CONTEXT_READER ? `${stored.version}+cr-${CONTEXT_READER.version}` : stored.version;

/** The passage combiner's weights, when the model has them (see passage-verdict.ts). */
export const PASSAGE_WEIGHTS: readonly (readonly number[])[] | undefined = stored.passage?.weights;

/** Per class, the score every mention starts from. */
export const MODEL_INTERCEPTS: readonly [number, number, number] = stored.intercepts;

/** One feature's weight per class, in `SENTIMENT_CLASSES` order; undefined for a feature the model never saw. */
export function featureWeights(name: string): readonly [number, number, number] | undefined {
  return WEIGHTS.get(name);
}

/**
 * What the rules read of a mention, beside the features: the polarity of the clauses that belong to the target
 * (as if it were the subject), whether the sentence asks or supposes rather than states, and whether its clauses
 * hold any polar word at all.
 */
export interface RuleReading {
  owned: number;
  asksOrSupposes: boolean;
  /** Its sentence is a question. */
  asks: boolean;
  polarWords: number;
}

/**
 * How much the rules move the model's scores. The model learnt from reviews and tweets; answers state their
 * judgements in plainer, more structured words (a table of ✅ and ❌, a "Cons" list), which the rules read
 * directly. Chosen by cross-validation on the training files with the answer corpus, and stored with the weights.
 */
export const RULE_WEIGHTS: Readonly<{ owned: number; asksOrSupposes: number; noPolarWords: number }> = stored.rules ?? { owned: 2.0, asksOrSupposes: 2.0, noPolarWords: 1.0 };

/** The model's class scores moved by the rules' reading, in `SENTIMENT_CLASSES` order. */
export function verdictScores(features: Features, rules: RuleReading, weights: typeof RULE_WEIGHTS = RULE_WEIGHTS): [number, number, number] {
  return withRules(classScores(features), rules, weights);
}

export function withRules(scores: readonly [number, number, number], rules: RuleReading, weights: typeof RULE_WEIGHTS = RULE_WEIGHTS): [number, number, number] {
  const moved: [number, number, number] = [...scores];
  const strength = Math.tanh(rules.owned / 2) * weights.owned;
  if (strength > 0) moved[2] += strength;
  if (strength < 0) moved[0] -= strength;
  if (rules.asksOrSupposes) moved[1] += weights.asksOrSupposes;
  if (rules.polarWords === 0) moved[1] += weights.noPolarWords;
  return moved;
}

/** Each class's score (log-odds up to a constant) from the features alone, in `SENTIMENT_CLASSES` order. */
export function classScores(features: Features): [number, number, number] {
  const scores: [number, number, number] = [...stored.intercepts];
  for (const [name, value] of features) {
    const weights = WEIGHTS.get(name);
    if (weights === undefined) continue;
    scores[0] += weights[0] * value;
    scores[1] += weights[1] * value;
    scores[2] += weights[2] * value;
  }
  return scores;
}

/** How much each feature pushed towards `label`, against the other classes: the words that tipped the verdict. */
export function featurePush(name: string, value: number, label: number): number {
  const weights = WEIGHTS.get(name);
  if (weights === undefined) return 0;
  const others = (weights[0] + weights[1] + weights[2] - weights[label]!) / 2;
  return (weights[label]! - others) * value;
}

export function probabilities(scores: readonly [number, number, number]): [number, number, number] {
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top)) as [number, number, number];
  const total = exps[0] + exps[1] + exps[2];
  return [exps[0] / total, exps[1] / total, exps[2] / total];
}
