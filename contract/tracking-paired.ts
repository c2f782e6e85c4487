import * as Type from 'typebox/type';

/**
 * A paired comparison of two windows of one tracked set: the same prompt-and-model cells read in both, each cell
 * counted as mentioned in a window when more than half of its answers there named the brand. Only cells whose
 * reading changed carry evidence: `lost` were mentioned before and not after, `gained` the reverse. `p` is McNemar's
 * exact two-sided test on those two counts (1 when no cell changed).
 */
export const PairedComparison = Type.Object(
  {
    /** Cells (prompt × model × country) read in both windows. */
    cells: Type.Integer({ minimum: 0 }),
    /** Mentioned before and not after. */
    lost: Type.Integer({ minimum: 0 }),
    /** Not mentioned before, mentioned after. */
    gained: Type.Integer({ minimum: 0 }),
    /** Mentioned in both windows. */
    kept: Type.Integer({ minimum: 0 }),
    /** Mentioned in neither. */
    neither: Type.Integer({ minimum: 0 }),
    /** McNemar's exact two-sided p-value on `lost` against `gained`. */
    p: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { description: 'The same prompt-and-model cells compared between the baseline and the run: how many lost and gained the brand, and McNemar\u2019s exact p-value.' },
);
export type PairedComparison = Type.Static<typeof PairedComparison>;

/** "mentioned before and not after in 9 cells, the reverse in 1", the words the mail and the dashboard both use. */
export function pairedCountsSentence(paired: Pick<PairedComparison, 'lost' | 'gained'>): string {
  const cells = (count: number) => `${count} ${count === 1 ? 'cell' : 'cells'}`;
  return `mentioned before and not after in ${cells(paired.lost)}, the reverse in ${paired.gained}`;
}

/** Small p-values read "below 0.001": more digits would claim a precision the test does not have. */
export function pValueText(p: number): string {
  return p < 0.001 ? 'below 0.001' : p.toFixed(3);
}
