import { LineChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { ModelChange } from '../../../../contract/tracking.ts';
import { segmentedChart, type Line } from './segmented-series.ts';
import { whenText } from './tracking-format.ts';

const CHART_HEIGHT = 220;
const percentAxis = { domain: [0, 100] as [number, number], tickFormatter: (value: number) => `${value}%` };

/**
 * Lines over the runs that break where a model changed version, with a dashed marker at each change. The legend is
 * drawn here, one entry per line, because the chart's own would list every segment of a line again.
 */
export function SegmentedLineChart({ lines, changes, percent }: { lines: Line[]; changes: readonly ModelChange[]; percent: boolean }) {
  const { rows, series, labels } = segmentedChart(lines, whenText);
  // A change sits on the run that first answered with the new version; a run this chart does not draw has no place.
  const markers = [...new Set(changes.flatMap((change) => labels.get(change.startedAt) ?? []))];
  return (
    <Stack gap={6}>
      <LineChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="label"
        series={series}
        {...(percent ? { valueFormatter: (value: number) => `${Math.round(value * 10) / 10}%`, yAxisProps: percentAxis } : {})}
        connectNulls={false}
        referenceLines={markers.map((x) => ({ x, color: 'red.6', strokeDasharray: '4 3', label: 'Model change', labelPosition: 'insideTopRight' as const }))}
      />
      <Group gap="sm" justify="center" wrap="wrap" data-testid="chart-legend">
        {lines.map((line) => (
          <Group key={line.key} gap={4} wrap="nowrap">
            <ColorSwatch color={`var(--mantine-color-${line.color.replace('.', '-')})`} size={12} withShadow={false} />
            <Text size="xs">{line.label}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
