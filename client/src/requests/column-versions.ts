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
 * The version a person flipped to, and which attempt of the column it was picked on: asking again makes a newer
 * attempt, so an old pick lapses and the new answer comes into view by itself.
 */
export interface VersionPick {
  attempt: number;
  index: number;
}

/** A column's versions as shown: which one (0 is the oldest), how many there are, and the one on screen. */
export interface ColumnVersionView {
  index: number;
  count: number;
  shown: ShownVersion;
}

/** How many answers the column has given, the one being written now included. */
export const versionCount = (column: Pick<RunColumn, 'earlier'>): number => column.earlier.length + 1;

/** Which version a pick shows: the newest when nothing (or a pick from an earlier attempt) says otherwise. */
export function pickedVersionIndex(column: Pick<RunColumn, 'earlier' | 'attempt'>, pick: VersionPick | null | undefined): number {
  const newest = versionCount(column) - 1;
  if (!pick || pick.attempt !== column.attempt) return newest;
  return Math.max(0, Math.min(pick.index, newest));
}

/** One step back or forward from `index`, staying within the versions there are. */
export function stepVersion(index: number, step: -1 | 1, count: number): number {
  return Math.max(0, Math.min(index + step, count - 1));
}

/** What the column shows for a pick: an earlier version's own text and result, or the live newest one. */
export function columnVersionView(column: RunColumn, pick: VersionPick | null | undefined): ColumnVersionView {
  const index = pickedVersionIndex(column, pick);
  const version = column.earlier[index];
  const shown: ShownVersion = version
    ? { text: version.text, result: version.result, phase: version.phase, earlier: true }
    : { text: column.text, result: column.result, phase: column.phase, earlier: false };
  return { index, count: versionCount(column), shown };
}

/**
 * Which of a column's versions is shown, kept by the view that shows it: the newest, until the person flips back.
 * Asking again brings the newest (the new answer) back into view.
 */
export function useColumnVersion(column: RunColumn): ColumnVersionView & { select(index: number): void } {
  const [pick, setPick] = useState<VersionPick | null>(null);
  return { ...columnVersionView(column, pick), select: (index) => setPick({ attempt: column.attempt, index }) };
}
