import { CompositeChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { VALUE_TEXT, yAxisOf, type ChartScale } from './chart-scales.ts';
import { dateAxisProps } from './date-axis.ts';
import { segmentedChart, type Line } from './segmented-series.ts';
import { whenText } from './tracking-format.ts';

const CHART_HEIGHT = 220;
const BAND_OPACITY = 0.18;

/** Tooltips show a band as its range and a line as its value, each written as its scale reads. */
function formatValue(value: unknown, scale: ChartScale): string {
  const one = (number: number) => VALUE_TEXT[scale](number);
  if (Array.isArray(value)) return `${one(Number(value[0]))} – ${one(Number(value[1]))}`;
  return typeof value === 'number' ? one(value) : '—';
}

/** A run the charts mark: a model version change (no kind), a setting change (both break the lines), or a new analyser. */
export interface ChartMarker {
  startedAt: string;
  kind?: 'model' | 'setting' | 'analyser';
}

const MARKER_STYLE = {
  model: { label: 'Model change', color: 'red.6', strokeDasharray: '4 3' },
  setting: { label: 'Setting change', color: 'red.6', strokeDasharray: '4 3' },
  analyser: { label: 'Analyser change', color: 'gray.6', strokeDasharray: '1 3' },
} as const;

interface TrackingLineChartProps {
  lines: Line[];
  changes: readonly ChartMarker[];
  scale: ChartScale;
  /** Shorter where two charts share a card. */
  height?: number;
  testId?: string;
}

/**
 * Every tracking chart: lines over the runs, each with its 95% interval as a shaded band behind it, broken where a
 * model changed version, with a dashed "Model change" marker there. A point read from few answers shows a wide band,
 * so a dip inside it reads as noise rather than news; a run without a reading is a gap in line and band, never a
 * zero; a line is never joined across a change, because before and after are different models. Recharts fills an
 * area whose value is a pair between its two ends, so each band is an area series of `[low, high]`.
 *
 * The legend is drawn here, one entry per line, because the chart's own would list every segment and band again.
 */
export function TrackingLineChart({ lines, changes, scale, height = CHART_HEIGHT, testId }: TrackingLineChartProps) {
  const { rows, series, labels } = segmentedChart(lines, whenText);
  // The dates are written to fit the chart's width (`date-axis.ts`).
  const { ref: frame, width } = useElementSize();
  const bands = new Set(series.filter((entry) => entry.type === 'area').map((entry) => entry.name));
  // A change sits on the run that first answered with the new version; a run this chart does not draw has no place.
  // One marker per run: a version or setting change outranks a new analyser, which does not break the lines.
  const byRun = new Map<string, keyof typeof MARKER_STYLE>();
  for (const change of changes) {
    const label = labels.get(change.startedAt);
    if (label === undefined) continue;
    const kind = change.kind ?? 'model';
    const earlier = byRun.get(label);
    if (earlier === undefined || (earlier === 'analyser' && kind !== 'analyser') || (earlier === 'setting' && kind === 'model')) byRun.set(label, kind);
  }
  return (
    <Stack gap={6} data-testid={testId} ref={frame}>
      <CompositeChart
        h={height}
        data={rows}
        dataKey="label"
        series={series}
        curveType="linear"
        connectNulls={false}
        valueFormatter={(value) => formatValue(value, scale)}
        areaProps={(item) => (bands.has(item.name) ? { stroke: 'none', fillOpacity: BAND_OPACITY, dot: false, activeDot: false, className: 'interval-band' } : {})}
        referenceLines={[...byRun].map(([x, kind]) => ({ x, ...MARKER_STYLE[kind], labelPosition: 'insideTopRight' as const }))}
        xAxisProps={dateAxisProps(
          rows.map((row) => String(row['label'])),
          width,
        )}
        {...yAxisOf(scale, lines)}
      />
      <Group gap="sm" justify="center" wrap="wrap" data-testid="chart-legend">
        {lines.map((line) => (
          <Group key={line.key} gap={4} wrap="nowrap">
            <ColorSwatch color={`var(--mantine-color-${line.color.replace('.', '-')})`} size={12} withShadow={false} />
            <Text size="xs">{line.label}</Text>
          </Group>
        ))}
        {bands.size > 0 ? (
          <Text size="xs" c="dimmed">
            Shaded: 95% interval
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
