import { useState } from 'react';
import type { ColumnPhase, RunColumn } from './request-state.ts';
import type { ModelResult } from '../../../contract/model-result.ts';

/** One answer of a column as it is shown: the current one, or an earlier version flipped back to. */
export interface ShownVersion {
  text: string;
  result: ModelResult | null;
  phase: ColumnPhase;
  /** Not the newest: what the column is doing now (answering again, say) is not this. */
  earlier: boolean;
}

/**
 * Which of a column's versions is shown: the newest, until the person flips back. Asking again brings the newest
 * (the new answer) back into view.
 */
export function useColumnVersion(column: RunColumn): { index: number; count: number; select(index: number): void; shown: ShownVersion } {
  const count = column.earlier.length + 1;
  const [picked, setPicked] = useState<{ attempt: number; index: number } | null>(null);
  const index = picked && picked.attempt === column.attempt ? Math.min(picked.index, count - 1) : count - 1;
  const version = column.earlier[index];
  const shown: ShownVersion = version
    ? { text: version.text, result: version.result, phase: version.phase, earlier: true }
    : { text: column.text, result: column.result, phase: column.phase, earlier: false };
  return { index, count, select: (next) => setPicked({ attempt: column.attempt, index: next }), shown };
}
