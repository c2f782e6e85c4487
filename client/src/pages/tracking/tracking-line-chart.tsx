import { CompositeChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { ModelChange } from '../../../../contract/tracking.ts';
import { segmentedChart, type Line } from './segmented-series.ts';
import { percentText, whenText } from './tracking-format.ts';

const CHART_HEIGHT = 220;
const BAND_OPACITY = 0.18;
const percentAxis = { domain: [0, 100] as [number, number], tickFormatter: (value: number) => `${value}%` };

/** Tooltips show a band as its range and a line as its value; both in percent on percent charts. */
function formatValue(value: unknown, percent: boolean): string {
  const one = (number: number) => (percent ? percentText(number) : String(Math.round(number * 100) / 100));
  if (Array.isArray(value)) return `${one(Number(value[0]))} – ${one(Number(value[1]))}`;
  return typeof value === 'number' ? one(value) : '—';
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
export function TrackingLineChart({ lines, changes, percent }: { lines: Line[]; changes: readonly ModelChange[]; percent: boolean }) {
  const { rows, series, labels } = segmentedChart(lines, whenText);
  const bands = new Set(series.filter((entry) => entry.type === 'area').map((entry) => entry.name));
  // A change sits on the run that first answered with the new version; a run this chart does not draw has no place.
  const markers = [...new Set(changes.flatMap((change) => labels.get(change.startedAt) ?? []))];
  return (
    <Stack gap={6}>
      <CompositeChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="label"
        series={series}
        curveType="linear"
        connectNulls={false}
        valueFormatter={(value) => formatValue(value, percent)}
        areaProps={(item) => (bands.has(item.name) ? { stroke: 'none', fillOpacity: BAND_OPACITY, dot: false, activeDot: false, className: 'interval-band' } : {})}
        referenceLines={markers.map((x) => ({ x, color: 'red.6', strokeDasharray: '4 3', label: 'Model change', labelPosition: 'insideTopRight' as const }))}
        {...(percent ? { yAxisProps: percentAxis } : {})}
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
