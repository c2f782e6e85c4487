/**
 * Chart data for lines that break where the model behind them changed. Each line (a measure, a model, a surface)
 * becomes one chart series per segment, all in the line's colour and under its name, so the chart never draws a
 * stroke from a point measured on one model version to a point measured on the next.
 */

export interface LinePoint {
  startedAt: string;
  /** From the server: 0 before the first model change that concerns the line, then 1, and so on. */
  segment?: number | undefined;
  /** Null draws a gap, never a zero. */
  value: number | null;
}

export interface Line {
  /** A key without dots: the chart reads a dotted key as a path. */
  key: string;
  label: string;
  color: string;
  points: LinePoint[];
}

export interface SegmentedChart {
  /** One row per run, oldest first, with `label` for the x axis. */
  rows: Record<string, string | number>[];
  /** One chart series per line and segment; segments of one line share its label and colour. */
  series: { name: string; label: string; color: string }[];
  /**
   * Each run's x-axis label, by its start. Unique: two runs in the same minute would otherwise share one category,
   * and a marker placed on it would find no place on the axis.
   */
  labels: Map<string, string>;
}

export const segmentKey = (line: string, segment: number): string => `${line}_s${segment}`;

export function segmentedChart(lines: readonly Line[], labelOf: (startedAt: string) => string): SegmentedChart {
  const starts = [...new Set(lines.flatMap((line) => line.points.map((point) => point.startedAt)))].sort();
  const labels = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const start of starts) {
    const label = labelOf(start);
    const times = (seen.get(label) ?? 0) + 1;
    seen.set(label, times);
    labels.set(start, times === 1 ? label : `${label} (${times})`);
  }
  const rows = new Map<string, Record<string, string | number>>();
  const series: SegmentedChart['series'] = [];
  for (const line of lines) {
    const segments = new Set<number>();
    for (const point of line.points) {
      const row = rows.get(point.startedAt) ?? { label: labels.get(point.startedAt)! };
      const segment = point.segment ?? 0;
      segments.add(segment);
      if (point.value !== null) row[segmentKey(line.key, segment)] = point.value;
      rows.set(point.startedAt, row);
    }
    for (const segment of [...segments].sort((left, right) => left - right)) {
      series.push({ name: segmentKey(line.key, segment), label: line.label, color: line.color });
    }
  }
  return { rows: [...rows.entries()].sort(([left], [right]) => left.localeCompare(right)).map(([, row]) => row), series, labels };
}
