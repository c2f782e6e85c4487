import { STYLE_FEATURES } from './answer-style.ts';
import { ANCHOR, PRIOR_GAMES, SCALE, type WeightedOutcome } from './bradley-terry.ts';

/**
 * Bradley–Terry with style control: the chance that A beats B is σ(βA − βB + Σ γk·dk), where dk is A's style minus
 * B's (`styleDifference`: length and markdown counts). Fitting the γ beside the β credits a win that length or
 * formatting explains to the style, not the model, so β is the strength left once style is held equal. It is a
 * weighted logistic regression fitted by Newton's method; a tie is half a win each way, as in the raw fit, and each
 * model gets the same hundredth of a virtual game against an average opponent, so with no style differences this fit
 * and the raw one agree.
 */

export interface StyleControlledFit {
  /** Each model's strength with style held equal, on the Elo-like scale. */
  scores: Map<string, number>;
  /** Each style feature's effect, in Elo-like points for a difference of 1 (one answer has it all, the other none). */
  coefficients: number[];
  /** The fitted parameters on the natural scale (strengths in model order, then the effects): a warm start for refits. */
  parameters: Float64Array;
}

/** A whisper of shrinkage on the style effects, so a feature no answer ever shows still has a (zero) estimate. */
const STYLE_RIDGE = 1e-4;
const MAX_ITERATIONS = 100;
const TOLERANCE = 1e-9;

const sigmoid = (value: number): number => 1 / (1 + Math.exp(-value));

/** Solves `matrix · x = vector` by Gaussian elimination with partial pivoting (the system is small and positive definite). */
function solve(matrix: Float64Array[], vector: Float64Array): Float64Array {
  const size = vector.length;
  const rows = matrix.map((row, index) => Float64Array.from([...row, vector[index]!]));
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1) if (Math.abs(rows[row]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = row;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    const lead = rows[column]![column]!;
    for (let row = column + 1; row < size; row += 1) {
      const factor = rows[row]![column]! / lead;
      if (factor === 0) continue;
      for (let k = column; k <= size; k += 1) rows[row]![k]! -= factor * rows[column]![k]!;
    }
  }
  const solution = new Float64Array(size);
  for (let row = size - 1; row >= 0; row -= 1) {
    let sum = rows[row]![size]!;
    for (let k = row + 1; k < size; k += 1) sum -= rows[row]![k]! * solution[k]!;
    solution[row] = sum / rows[row]![row]!;
  }
  return solution;
}

interface Prepared {
  a: number;
  b: number;
  score: number;
  weight: number;
  style: readonly number[];
}

/**
 * `start`: parameters to begin from (a bootstrap sample starts from the full fit, a few Newton steps away); the
 * problem is convex, so the answer does not depend on it.
 */
export function fitWithStyle(outcomes: readonly WeightedOutcome[], models: readonly string[], start?: Float64Array): StyleControlledFit {
  const features = STYLE_FEATURES.length;
  const index = new Map(models.map((model, position) => [model, position]));
  const prepared: Prepared[] = [];
  for (const outcome of outcomes) {
    const a = index.get(outcome.modelA);
    const b = index.get(outcome.modelB);
    const weight = outcome.weight ?? 1;
    if (a === undefined || b === undefined || a === b || weight <= 0) continue;
    prepared.push({ a, b, score: outcome.scoreA, weight, style: outcome.style ?? new Array<number>(features).fill(0) });
  }
  const size = models.length + features;
  const parameters = start && start.length === size ? Float64Array.from(start) : new Float64Array(size);

  const margin = (row: Prepared, theta: Float64Array): number => {
    let value = theta[row.a]! - theta[row.b]!;
    for (let k = 0; k < features; k += 1) value += theta[models.length + k]! * row.style[k]!;
    return value;
  };
  // The penalised negative log-likelihood, to keep each Newton step downhill.
  const loss = (theta: Float64Array): number => {
    let total = 0;
    for (const row of prepared) {
      const p = Math.min(1 - 1e-15, Math.max(1e-15, sigmoid(margin(row, theta))));
      total -= row.weight * (row.score * Math.log(p) + (1 - row.score) * Math.log(1 - p));
    }
    for (let i = 0; i < models.length; i += 1) {
      const p = sigmoid(theta[i]!);
      total -= PRIOR_GAMES * 0.5 * (Math.log(p) + Math.log(1 - p));
    }
    for (let k = 0; k < features; k += 1) total += (STYLE_RIDGE / 2) * theta[models.length + k]! ** 2;
    return total;
  };

  let current = loss(parameters);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    const gradient = new Float64Array(size);
    const hessian = Array.from({ length: size }, () => new Float64Array(size));
    for (const row of prepared) {
      const p = sigmoid(margin(row, parameters));
      const residual = row.weight * (p - row.score);
      const curvature = row.weight * p * (1 - p);
      // The row's design vector is +1 at A, −1 at B and the style differences: only those entries are touched.
      const { a, b, style } = row;
      gradient[a]! += residual;
      gradient[b]! -= residual;
      hessian[a]![a]! += curvature;
      hessian[b]![b]! += curvature;
      hessian[a]![b]! -= curvature;
      hessian[b]![a]! -= curvature;
      for (let k = 0; k < features; k += 1) {
        const column = models.length + k;
        const value = style[k]!;
        if (value === 0) continue;
        gradient[column]! += residual * value;
        const cross = curvature * value;
        hessian[a]![column]! += cross;
        hessian[column]![a]! += cross;
        hessian[b]![column]! -= cross;
        hessian[column]![b]! -= cross;
        for (let l = 0; l < features; l += 1) hessian[column]![models.length + l]! += cross * style[l]!;
      }
    }
    for (let i = 0; i < models.length; i += 1) {
      const p = sigmoid(parameters[i]!);
      gradient[i]! += PRIOR_GAMES * (p - 0.5);
      hessian[i]![i]! += PRIOR_GAMES * p * (1 - p);
    }
    for (let k = 0; k < features; k += 1) {
      gradient[models.length + k]! += STYLE_RIDGE * parameters[models.length + k]!;
      hessian[models.length + k]![models.length + k]! += STYLE_RIDGE;
    }
    const step = solve(hessian, gradient);
    let scale = 1;
    let next = parameters.map((value, i) => value - step[i]!);
    let nextLoss = loss(next);
    while (nextLoss > current && scale > 1e-6) {
      scale /= 2;
      next = parameters.map((value, i) => value - scale * step[i]!);
      nextLoss = loss(next);
    }
    const change = step.reduce((largest, value) => Math.max(largest, Math.abs(scale * value)), 0);
    parameters.set(next);
    current = nextLoss;
    if (change < TOLERANCE) break;
  }
  const mean = models.length === 0 ? 0 : parameters.slice(0, models.length).reduce((sum, value) => sum + value, 0) / models.length;
  return {
    scores: new Map(models.map((model, position) => [model, ANCHOR + SCALE * (parameters[position]! - mean)])),
    coefficients: Array.from(parameters.slice(models.length), (value) => SCALE * value),
    parameters,
  };
}
