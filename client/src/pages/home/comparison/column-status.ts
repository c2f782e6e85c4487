import { creditsText } from '../../../catalogue/model-access.ts';
import type { ColumnPhase, RunColumn } from '../../../requests/request-state.ts';
import { STOPPED_TEXT } from '../../../requests/run-outcome-text.ts';

export interface ColumnStatus {
  /** One word, the same in the column's header, its tab and the focus view. */
  label: string;
  /** A Mantine colour, so the states tell apart at a glance (the word says it to everyone else). */
  colour: string;
}

const STATUSES: Record<ColumnPhase, ColumnStatus> = {
  waiting: { label: 'Waiting', colour: 'gray' },
  streaming: { label: 'Streaming', colour: 'blue' },
  done: { label: 'Done', colour: 'teal' },
  stopped: { label: STOPPED_TEXT, colour: 'gray' },
  error: { label: 'Error', colour: 'red' },
};

export const columnStatus = (phase: ColumnPhase): ColumnStatus => STATUSES[phase];

/**
 * What the answer on screen cost: its credits once it has ended (a stopped or failed one costs nothing), or null
 * while it is still being written, when nothing has been charged yet.
 */
export function columnCostText(column: Pick<RunColumn, 'phase' | 'result'>): string | null {
  if (column.phase === 'waiting' || column.phase === 'streaming') return null;
  return creditsText(column.result?.success ? column.result.creditsUsed : 0);
}

/** The words for a cost not known yet, where a short mark stands for it on screen. */
export const NOT_CHARGED_YET = 'not charged yet';
