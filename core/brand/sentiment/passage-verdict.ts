import type { MentionPlacement } from './mention-placement.ts';

/**
 * The answer's stance toward a brand from its mentions: each mention's class probabilities (the sentence model's,
 * moved by the rules) and where it stands (mention-placement.ts). Summing the mentions treats a passing mention
 * in a list like the closing "I'd go with Acme"; this weighs them as the answers people label do. A small
 * multinomial logistic regression over summaries of the mentions (their mean, the strongest each way, the verdict's,
 * the first and last, the closing paragraph's, how many and how placed), fitted by train_model.py on the sentence
 * model's out-of-fold probabilities; a one-sentence text and a laid-out answer have weights of their own.
 * `scripts/brand-model/train_model.py` computes exactly these features (`passage_features`).
 */
export interface PlacedMention {
  probability: readonly [number, number, number];
  placement: MentionPlacement;
  /** Its sentence asks or supposes ("Is Acme worth it?", "If Acme adds …") rather than states. */
  rules: { asksOrSupposes: boolean };
}

export const PASSAGE_FEATURE_NAMES = [
  'mean-', 'mean0', 'mean+', 'max-', 'max+',
  'verdict-', 'verdict0', 'verdict+', 'has-verdict',
  'last-', 'last0', 'last+', 'first-', 'first0', 'first+',
  'log-mentions', 'heading-share', 'question-heading-share', 'bold', 'table-share',
  'closing-', 'closing0', 'closing+', 'has-closing', 'stated-', 'stated0', 'stated+', 'question-share', 'bias',
] as const;
const WIDTH = PASSAGE_FEATURE_NAMES.length;

/** The features, in a block for one-sentence texts and a block for laid-out answers (the other block zero). */
export function passageFeatures(mentions: readonly PlacedMention[], isPassage: boolean): Float64Array {
  const features = new Float64Array(2 * WIDTH);
  const at = isPassage ? WIDTH : 0;
  const n = mentions.length;
  const mean = [0, 0, 0];
  const verdict = [0, 0, 0];
  const closing = [0, 0, 0];
  // The mentions in sentences that state something: a question or a condition asks, it does not judge.
  const stated = [0, 0, 0];
  let statements = 0;
  let verdicts = 0;
  let closings = 0;
  let maxNegative = 0;
  let maxPositive = 0;
  let headings = 0;
  let questionHeadings = 0;
  let bold = 0;
  let tables = 0;
  for (const { probability, placement, rules } of mentions) {
    for (let label = 0; label < 3; label += 1) {
      mean[label]! += probability[label]! / n;
      if (placement.verdict) verdict[label]! += probability[label]!;
      if (placement.closing) closing[label]! += probability[label]!;
      if (!rules.asksOrSupposes) stated[label]! += probability[label]!;
    }
    if (!rules.asksOrSupposes) statements += 1;
    if (placement.verdict) verdicts += 1;
    if (placement.closing) closings += 1;
    maxNegative = Math.max(maxNegative, probability[0]);
    maxPositive = Math.max(maxPositive, probability[2]);
    if (placement.heading) headings += 1;
    if (placement.questionHeading) questionHeadings += 1;
    if (placement.bold) bold = 1;
    if (placement.tableRow) tables += 1;
  }
  const first = mentions[0]!.probability;
  const last = mentions[n - 1]!.probability;
  const values = [
    mean[0]!, mean[1]!, mean[2]!, maxNegative, maxPositive,
    ...verdict.map((sum) => (verdicts === 0 ? 0 : sum / verdicts)), verdicts === 0 ? 0 : 1,
    last[0], last[1], last[2], first[0], first[1], first[2],
    Math.log1p(n), headings / n, questionHeadings / n, bold, tables / n,
    ...closing.map((sum) => (closings === 0 ? 0 : sum / closings)), closings === 0 ? 0 : 1,
    ...stated.map((sum) => (statements === 0 ? 0 : sum / statements)), 1 - statements / n, 1,
  ];
  for (let index = 0; index < WIDTH; index += 1) features[at + index] = values[index]!;
  return features;
}

/** Per class, the combiner's scores: weights (3 rows of 2 × features) times the features. */
export function passageScores(weights: readonly (readonly number[])[], features: Float64Array): [number, number, number] {
  const scores: [number, number, number] = [0, 0, 0];
  for (let label = 0; label < 3; label += 1) {
    const row = weights[label]!;
    let sum = 0;
    for (let index = 0; index < features.length; index += 1) sum += row[index]! * features[index]!;
    scores[label] = sum;
  }
  return scores;
}
