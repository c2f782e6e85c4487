/**
 * Multinomial logistic regression over sparse named features, trained with AdaGrad and L2 regularisation: small
 * enough to read, deterministic (items are visited in a seeded order), and fast enough to refit in a test. The
 * fitted model is what core/brand/sentiment/sentiment-model.json stores.
 */
export type SparseFeatures = ReadonlyMap<string, number>;

export interface TrainingExample {
  features: SparseFeatures;
  /** 0 negative, 1 neutral, 2 positive. */
  label: number;
  /** Scales this example's gradient (class balancing). */
  weight?: number;
}

export interface FittedModel {
  weights: Map<string, [number, number, number]>;
  intercepts: [number, number, number];
}

export interface TrainingOptions {
  epochs: number;
  learningRate: number;
  /** L2 penalty per example visit. */
  l2: number;
  seed: number;
}

export const DEFAULT_TRAINING: TrainingOptions = { epochs: 12, learningRate: 0.2, l2: 1e-4, seed: 7 };

/** A seeded shuffle (mulberry32), so two fits of the same data give the same model. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

export function scoresOf(model: FittedModel, features: SparseFeatures): [number, number, number] {
  const scores: [number, number, number] = [...model.intercepts];
  for (const [name, value] of features) {
    const weights = model.weights.get(name);
    if (!weights) continue;
    for (let label = 0; label < 3; label += 1) scores[label]! += weights[label]! * value;
  }
  return scores;
}

export function softmax(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const total = exps.reduce((sum, value) => sum + value, 0);
  return exps.map((value) => value / total);
}

export function fitLogisticRegression(examples: readonly TrainingExample[], options: TrainingOptions = DEFAULT_TRAINING): FittedModel {
  const model: FittedModel = { weights: new Map(), intercepts: [0, 0, 0] };
  const squaredGradients = new Map<string, [number, number, number]>();
  const interceptSquares = [1e-8, 1e-8, 1e-8];
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    for (const example of shuffled(examples, options.seed + epoch)) {
      const probabilities = softmax(scoresOf(model, example.features));
      const scale = example.weight ?? 1;
      for (let label = 0; label < 3; label += 1) {
        const error = (probabilities[label]! - (label === example.label ? 1 : 0)) * scale;
        interceptSquares[label]! += error * error;
        model.intercepts[label]! -= (options.learningRate * error) / Math.sqrt(interceptSquares[label]!);
      }
      for (const [name, value] of example.features) {
        let weights = model.weights.get(name);
        let squares = squaredGradients.get(name);
        if (!weights || !squares) {
          weights = [0, 0, 0];
          squares = [1e-8, 1e-8, 1e-8];
          model.weights.set(name, weights);
          squaredGradients.set(name, squares);
        }
        for (let label = 0; label < 3; label += 1) {
          const gradient = (probabilities[label]! - (label === example.label ? 1 : 0)) * scale * value + options.l2 * weights[label]!;
          squares[label]! += gradient * gradient;
          weights[label]! -= (options.learningRate * gradient) / Math.sqrt(squares[label]!);
        }
      }
    }
  }
  return model;
}

/** Weights that make each class count as much as the others overall. */
export function balancingWeights(labels: readonly number[]): number[] {
  const counts = [0, 0, 0];
  for (const label of labels) counts[label]! += 1;
  return counts.map((count) => (count === 0 ? 0 : labels.length / (3 * count)));
}
