/**
 * Chart data for lines that break where the model behind them changed, each with its interval as a band. Each line
 * (a measure, a model, a surface) becomes one chart series per segment, all in the line's colour and under its name,
 * so the chart never draws a stroke from a point measured on one model version to a point measured on the next; its
 * band is split the same way, so an interval never spans two versions either.
 */

export interface LinePoint {
  startedAt: string;
  /** From the server: 0 before the first model change that concerns the line, then 1, and so on. */
  segment?: number | undefined;
  /** Null draws a gap, never a zero. */
  value: number | null;
  /** The value's 95% interval, `[low, high]`; without it the band has a gap there too. */
  band?: [number, number] | undefined;
}

export interface Line {
  /** A key without dots: the chart reads a dotted key as a path. */
  key: string;
  label: string;
  color: string;
  points: LinePoint[];
}

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
  /** A band is an area whose value per row is a `[low, high]` pair, which the chart fills between. */
  type: 'line' | 'area';
}

export interface SegmentedChart {
  /** One row per run, oldest first, with `label` for the x axis. */
  rows: Record<string, string | number | [number, number]>[];
  /**
   * Every band first, then every line, so bands are drawn behind the lines. One series per line (or band) and
   * segment; segments of one line share its label and colour.
   */
  series: ChartSeries[];
  /**
   * Each run's x-axis label, by its start. Unique: two runs in the same minute would otherwise share one category,
   * and a marker placed on it would find no place on the axis.
   */
  labels: Map<string, string>;
}

export const segmentKey = (line: string, segment: number): string => `${line}_s${segment}`;
export const bandKey = (line: string, segment: number): string => `${segmentKey(line, segment)}_band`;

/** A label per run start, oldest first, made unique by numbering repeats. */
function runLabels(starts: readonly string[], labelOf: (startedAt: string) => string): Map<string, string> {
  const labels = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const start of starts) {
    const label = labelOf(start);
    const times = (seen.get(label) ?? 0) + 1;
    seen.set(label, times);
    labels.set(start, times === 1 ? label : `${label} (${times})`);
  }
  return labels;
}

export function segmentedChart(lines: readonly Line[], labelOf: (startedAt: string) => string): SegmentedChart {
  const starts = [...new Set(lines.flatMap((line) => line.points.map((point) => point.startedAt)))].sort();
  const labels = runLabels(starts, labelOf);
  const rows = new Map<string, SegmentedChart['rows'][number]>();
  const bands: ChartSeries[] = [];
  const strokes: ChartSeries[] = [];
  for (const line of lines) {
    const segments = new Set<number>();
    const banded = new Set<number>();
    for (const point of line.points) {
      const row = rows.get(point.startedAt) ?? { label: labels.get(point.startedAt)! };
      const segment = point.segment ?? 0;
      segments.add(segment);
      if (point.value !== null) row[segmentKey(line.key, segment)] = point.value;
      if (point.value !== null && point.band) {
        row[bandKey(line.key, segment)] = point.band;
        banded.add(segment);
      }
      rows.set(point.startedAt, row);
    }
    for (const segment of [...segments].sort((left, right) => left - right)) {
      if (banded.has(segment)) bands.push({ name: bandKey(line.key, segment), label: `${line.label} (95% interval)`, color: line.color, type: 'area' });
      strokes.push({ name: segmentKey(line.key, segment), label: line.label, color: line.color, type: 'line' });
    }
  }
  return {
    rows: [...rows.entries()].sort(([left], [right]) => left.localeCompare(right)).map(([, row]) => row),
    series: [...bands, ...strokes],
    labels,
  };
}
