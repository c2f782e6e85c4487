import { CompositeChart, type CompositeChartSeries } from '@mantine/charts';
import { percentText } from './tracking-format.ts';

/** One measure drawn as a line, with the key of its interval (a `[low, high]` pair per row) drawn as a band behind it. */
export interface BandedLine {
  name: string;
  label: string;
  color: string;
  /** The row key holding this line's `[low, high]`; a row without it leaves the band open there, like the line. */
  band?: string;
}

const BAND_OPACITY = 0.18;

/** Tooltips show a band as its range and a line as its value; both in percent on percent charts. */
function formatValue(value: unknown, percent: boolean): string {
  const one = (number: number) => (percent ? percentText(number) : String(Math.round(number * 100) / 100));
  if (Array.isArray(value)) return `${one(Number(value[0]))} – ${one(Number(value[1]))}`;
  return typeof value === 'number' ? one(value) : '—';
}

/**
 * Lines over the runs, each with its 95% interval as a shaded band: a point read from few answers shows a wide band,
 * so a dip inside the band reads as noise rather than news. Recharts draws an area whose value is a pair as the
 * range between them, so each band is an area series of `[low, high]`. Missing values stay gaps in both.
 */
export function BandedLineChart(props: {
  rows: Record<string, unknown>[];
  lines: BandedLine[];
  percent: boolean;
  height: number;
  testId?: string;
}) {
  const series: CompositeChartSeries[] = [];
  for (const line of props.lines) {
    if (line.band) series.push({ name: line.band, label: `${line.label} (95% interval)`, color: line.color, type: 'area' });
  }
  for (const line of props.lines) series.push({ name: line.name, label: line.label, color: line.color, type: 'line' });
  const bands = new Set(props.lines.flatMap((line) => (line.band ? [line.band] : [])));
  return (
    <CompositeChart
      h={props.height}
      data={props.rows}
      dataKey="label"
      series={series}
      curveType="linear"
      connectNulls={false}
      withLegend
      valueFormatter={(value) => formatValue(value, props.percent)}
      areaProps={(item) => (bands.has(item.name) ? { stroke: 'none', fillOpacity: BAND_OPACITY, dot: false, activeDot: false, className: 'interval-band' } : {})}
      {...(props.percent ? { yAxisProps: { domain: [0, 100], tickFormatter: (value: number) => `${value}%` } } : {})}
      data-testid={props.testId}
    />
  );
}
