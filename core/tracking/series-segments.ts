/**
 * Splits a series at model changes, so a chart never draws one line across two different models: each point is
 * numbered with the segment it belongs to, 0 before the first change that concerns the series, 1 after it, and so
 * on. A change belongs to the run that first answered with the new version, so that run opens the new segment.
 */
export function withSegments<Point extends { slotStart: string }>(points: readonly Point[], changes: readonly { slotStart: string }[]): (Point & { segment: number })[] {
  const starts = [...new Set(changes.map((change) => change.slotStart))].sort();
  return points.map((point) => ({ ...point, segment: starts.filter((start) => start <= point.slotStart).length }));
}
