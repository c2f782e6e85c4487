import { windowReadings } from './window-readings.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PairedComparison } from '../../contract/tracking-paired.ts';
import type { TrackingSurface } from '../../contract/tracking.ts';
import { mcnemarExact } from '../statistics/index.ts';

/**
 * The paired view of a run against its baseline: the same prompt-and-model cells read in both windows. Comparing
 * each cell with itself takes out the difference between prompts (some prompts name the brand almost always, some
 * almost never), which the pooled two-proportion test counts as noise; what is left is whether cells moved, and
 * which way.
 */

/** One cell's answers in one window: `mentioned` of `readings` named the brand. */
export interface CellWindow {
  mentioned: number;
  readings: number;
}

/** One cell read in both windows. */
export interface PairedCell {
  baseline: CellWindow;
  current: CellWindow;
}

/** A cell counts as mentioned in a window when more than half of its answers there named the brand (half is not). */
export const cellMentioned = (window: CellWindow): boolean => window.mentioned * 2 > window.readings;

export function pairedComparison(cells: readonly PairedCell[]): PairedComparison {
  const counts = { cells: 0, lost: 0, gained: 0, kept: 0, neither: 0 };
  for (const cell of cells) {
    if (cell.baseline.readings === 0 || cell.current.readings === 0) continue;
    counts.cells += 1;
    const before = cellMentioned(cell.baseline);
    const after = cellMentioned(cell.current);
    if (before && !after) counts.lost += 1;
    else if (!before && after) counts.gained += 1;
    else if (before) counts.kept += 1;
    else counts.neither += 1;
  }
  return { ...counts, p: mcnemarExact(counts.lost, counts.gained) };
}

/**
 * Per surface, the cells of a run and of the completed runs in the `baselineMs` before its slot, read from the
 * completed answers. A cell is a prompt (by its text, so reordered prompts still pair) asked of one model in one
 * country; a cell missing from either window (a prompt added this week, a model dropped) is left out of the pairing.
 */
export async function pairedCells(em: EntityManager, runId: string, baselineMs: number): Promise<Map<TrackingSurface, PairedCell[]>> {
  const rows = await windowReadings(em, runId, baselineMs, ['result.prompt', 'result.engine', 'result.model', 'result.country']);
  const bySurface = new Map<TrackingSurface, PairedCell[]>();
  for (const row of rows) {
    const cell = { baseline: { mentioned: row.baseline_mentioned, readings: row.baseline_readings }, current: { mentioned: row.current_mentioned, readings: row.current_readings } };
    bySurface.set(row.surface, [...(bySurface.get(row.surface) ?? []), cell]);
  }
  return bySurface;
}
