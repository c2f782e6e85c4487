import type { RunColumn } from '../../../requests/request-state.ts';

export interface EconomicsLeader {
  /** The columns that share the best figure (a tie names them all). */
  keys: string[];
  value: number;
}

export interface ComparisonEconomics {
  /** Earliest first word. */
  fastestStart: EconomicsLeader | null;
  /** Whole answer soonest. */
  fastestFinish: EconomicsLeader | null;
  /** Fewest credits charged. */
  cheapest: EconomicsLeader | null;
}

function leader(columns: readonly { key: string; value: number | null }[]): EconomicsLeader | null {
  const known = columns.filter((column): column is { key: string; value: number } => column.value !== null);
  if (known.length < 2) return null;
  const best = Math.min(...known.map((column) => column.value));
  return { keys: known.filter((column) => column.value === best).map((column) => column.key), value: best };
}

/**
 * Who led on what among a comparison's answered columns, from the figures each answer's final event carried. A
 * measure needs two answers that report it; with fewer there is nothing to compare.
 */
export function comparisonEconomics(columns: readonly RunColumn[], keyOf: (column: RunColumn) => string): ComparisonEconomics {
  const answered = columns.filter((column) => column.phase === 'done' && column.result?.success);
  const figure = (read: (result: NonNullable<RunColumn['result']>) => number | null) =>
    answered.map((column) => ({ key: keyOf(column), value: read(column.result!) }));
  return {
    fastestStart: leader(figure((result) => result.timeToFirstTokenMs)),
    fastestFinish: leader(figure((result) => result.durationMs)),
    cheapest: leader(figure((result) => result.creditsUsed)),
  };
}
