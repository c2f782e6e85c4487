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
  /** L2 penalty: per example visit, or with `batchSize` on every weight once per epoch (spread over its batches). */
  l2: number;
  seed: number;
  /** Fit on mini-batches of this many examples (see `fitMiniBatches`); one example at a time when absent. */
  batchSize?: number;
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
  if (options.batchSize) return fitMiniBatches(examples, options, options.batchSize);
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

/**
 * AdaGrad on mini-batches: each step follows the batch's mean gradient plus an L2 pull on every weight, seen or
 * not, so a feature the batches rarely meet still shrinks towards zero. Cross-validation on the training files
 * favours this over one example at a time (rare words, most of the features, fit the noise less).
 */
function fitMiniBatches(examples: readonly TrainingExample[], options: TrainingOptions, batchSize: number): FittedModel {
  const model: FittedModel = { weights: new Map(), intercepts: [0, 0, 0] };
  for (const example of examples) for (const name of example.features.keys()) if (!model.weights.has(name)) model.weights.set(name, [0, 0, 0]);
  const names = [...model.weights.keys()];
  const weights = names.map((name) => model.weights.get(name)!);
  const index = new Map(names.map((name, position) => [name, position]));
  const squares = new Float64Array(names.length * 3);
  const gradients = new Float64Array(names.length * 3);
  const interceptSquares = [0, 0, 0];
  // Per batch, each weight's L2 gradient is 2·l2·w·B/N: over an epoch, one full l2·|w|² penalty.
  const decay = (2 * options.l2 * batchSize) / Math.max(1, examples.length);
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    const order = shuffled(examples, options.seed + epoch);
    for (let start = 0; start < order.length; start += batchSize) {
      const batch = order.slice(start, start + batchSize);
      gradients.fill(0);
      const interceptGradients = [0, 0, 0];
      for (const example of batch) {
        const probabilities = softmax(scoresOf(model, example.features));
        const scale = (example.weight ?? 1) / batch.length;
        for (let label = 0; label < 3; label += 1) {
          const error = (probabilities[label]! - (label === example.label ? 1 : 0)) * scale;
          interceptGradients[label]! += error;
          for (const [name, value] of example.features) gradients[index.get(name)! * 3 + label]! += error * value;
        }
      }
      for (let label = 0; label < 3; label += 1) {
        const gradient = interceptGradients[label]!;
        interceptSquares[label]! += gradient * gradient;
        if (gradient !== 0) model.intercepts[label]! -= (options.learningRate * gradient) / Math.sqrt(interceptSquares[label]!);
      }
      for (let feature = 0; feature < weights.length; feature += 1) {
        const vector = weights[feature]!;
        for (let label = 0; label < 3; label += 1) {
          const slot = feature * 3 + label;
          const gradient = gradients[slot]! + decay * vector[label]!;
          if (gradient === 0) continue;
          squares[slot]! += gradient * gradient;
          vector[label]! -= (options.learningRate * gradient) / (Math.sqrt(squares[slot]!) + 1e-10);
        }
      }
    }
  }
  return model;
}
