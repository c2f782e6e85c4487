import { creditsText } from '../../catalogue/model-access.ts';

/** What a round will cost, said before it starts: exact for models picked by hand, a range for a surprise. */
export interface RoundPrice {
  /** Fewest credits the round can cost (0 when nothing is picked yet). */
  low: number;
  high: number;
  text: string;
}

/**
 * The price of a round from the credits of the models that may take part. Picked: the sum of their prices.
 * Surprise: the server draws `count` of the same models at random, so the round costs between the `count` cheapest
 * and the `count` dearest of them.
 */
export function roundPrice(candidateCredits: readonly number[], selection: { surprise: number } | { picked: readonly number[] }): RoundPrice {
  if ('picked' in selection) {
    const total = selection.picked.reduce((sum, credits) => sum + credits, 0);
    return { low: total, high: total, text: selection.picked.length === 0 ? 'Pick models to see the price' : `This round costs ${creditsText(total)}` };
  }
  const sorted = [...candidateCredits].sort((a, b) => a - b);
  const count = Math.min(selection.surprise, sorted.length);
  const low = sorted.slice(0, count).reduce((sum, credits) => sum + credits, 0);
  const high = sorted.slice(sorted.length - count).reduce((sum, credits) => sum + credits, 0);
  const text = low === high ? `This round costs ${creditsText(low)}` : `This round costs ${low} to ${creditsText(high)}, depending on the models drawn`;
  return { low, high, text };
}
