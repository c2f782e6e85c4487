import { SENTIMENTS, type Sentiment } from '../../contract/brand.ts';

export interface VerdictScores {
  accuracy: number;
  /** The mean of the three classes' F1. */
  macroF1: number;
  f1: Record<Sentiment, number>;
  /** confusion[labelled][predicted] */
  confusion: Record<Sentiment, Record<Sentiment, number>>;
}

/** Accuracy, F1 per class and macro-F1 of predicted labels against the labelled ones. */
export function scoreVerdicts(labelled: readonly Sentiment[], predicted: readonly Sentiment[]): VerdictScores {
  const empty = () => Object.fromEntries(SENTIMENTS.map((label) => [label, 0])) as Record<Sentiment, number>;
  const confusion = Object.fromEntries(SENTIMENTS.map((label) => [label, empty()])) as Record<Sentiment, Record<Sentiment, number>>;
  labelled.forEach((label, index) => (confusion[label][predicted[index]!] += 1));
  const f1 = empty();
  for (const label of SENTIMENTS) {
    const truePositives = confusion[label][label];
    const predictedAs = SENTIMENTS.reduce((sum, row) => sum + confusion[row][label], 0);
    const labelledAs = SENTIMENTS.reduce((sum, column) => sum + confusion[label][column], 0);
    f1[label] = truePositives === 0 ? 0 : (2 * truePositives) / (predictedAs + labelledAs);
  }
  const correct = SENTIMENTS.reduce((sum, label) => sum + confusion[label][label], 0);
  return {
    accuracy: labelled.length === 0 ? 0 : correct / labelled.length,
    macroF1: (f1.positive + f1.negative + f1.neutral) / 3,
    f1,
    confusion,
  };
}
