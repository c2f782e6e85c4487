import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BrandAnalytics } from '../../../../contract/brand.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { dailyRates, modelRates, rateText, sentimentSlices, shareOfVoice } from './analytics-series.ts';

const CHART_HEIGHT = 220;
/** Long model ids and domains would squeeze the bars to nothing on a phone; the tooltip still has the full name. */
const shortLabel = (label: string): string => (label.length > 16 ? `${label.slice(0, 15)}…` : label);
const percentAxis = { domain: [0, 100] as [number, number], tickFormatter: (value: number) => `${value}%` };

export function ChartCard({ title, description, testId, children }: { title: string; description: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0} data-testid={testId} style={{ minWidth: 0 }}>
      <Stack gap="xs">
        <div>
          <Title order={4} size="h6">
            {title}
          </Title>
          <Text size="xs" c="dimmed" component="figcaption">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

export function NoData({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" py="lg" ta="center">
      {text}
    </Text>
  );
}

interface RankingChartProps<Row extends Record<string, string | number>> {
  data: Row[];
  /** The field naming each bar (a model, a brand, a domain). */
  dataKey: keyof Row & string;
  series: { name: keyof Row & string; label: string; color: string };
  /** Rates are percentages on a 0–100 axis; counts are whole numbers. */
  percent: boolean;
}

/** Horizontal bars, one per named row, tall enough for every label: the shape of three of the dashboard's charts. */
export function RankingChart<Row extends Record<string, string | number>>({ data, dataKey, series, percent }: RankingChartProps<Row>) {
  return (
    <BarChart
      h={Math.max(CHART_HEIGHT, data.length * 36 + 40)}
      data={data}
      dataKey={dataKey}
      orientation="vertical"
      series={[series]}
      {...(percent ? { valueFormatter: rateText, xAxisProps: percentAxis } : { xAxisProps: { allowDecimals: false } })}
      yAxisProps={{ width: 120, tickFormatter: shortLabel }}
      gridAxis="x"
      maxBarWidth={28}
    />
  );
}

/** The dashboard's charts for one brand; loaded only when the Analytics tab opens, as they bring recharts along. */
export function BrandCharts({ brand }: { brand: BrandAnalytics }) {
  const daily = dailyRates(brand.series.daily);
  const names = useDisplayNames();
  const models = modelRates(brand.series.byModel, (pair) => names(pair).model);
  const sentiment = sentimentSlices(brand);
  const voices = shareOfVoice(brand.series.shareOfVoice);
  const domains = brand.series.citedDomains.slice(0, 8);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="brand-charts">
      <ChartCard title="Mention rate over time" description="Share of analysed answers naming the brand, per day" testId="chart-daily">
        {daily.length === 0 ? (
          <NoData text="No answers analysed yet." />
        ) : (
          <LineChart
            h={CHART_HEIGHT}
            data={daily}
            dataKey="date"
            series={[{ name: 'rate', label: 'Mention rate', color: 'indigo.6' }]}
            curveType="monotone"
            connectNulls={false}
            valueFormatter={rateText}
            yAxisProps={percentAxis}
            xAxisProps={{ tickFormatter: (date: string) => date.slice(5) }}
            // Days apart from the others (a gap on each side) are drawn as a dot, or they would not show at all.
            withDots
          />
        )}
      </ChartCard>

      <ChartCard title="Sentiment" description="Tone of the answers that name the brand" testId="chart-sentiment">
        {sentiment.length === 0 ? (
          <NoData text="No mentions yet." />
        ) : (
          <Group justify="center" gap="lg" wrap="wrap">
            <DonutChart data={sentiment} size={160} thickness={24} chartLabel={brand.totalMentions} tooltipDataSource="segment" />
            <Stack gap={6}>
              {sentiment.map((slice) => (
                <Group key={slice.name} gap={8} wrap="nowrap">
                  <ColorSwatch color={`var(--mantine-color-${slice.color.replace('.', '-')})`} size={12} withShadow={false} />
                  <Text size="sm">
                    {slice.name}: {slice.value}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        )}
      </ChartCard>

      <ChartCard title="Mention rate per model" description="How often each model names the brand" testId="chart-models">
        {models.length === 0 ? (
          <NoData text="No answers analysed yet." />
        ) : (
          <RankingChart data={models} dataKey="model" series={{ name: 'rate', label: 'Mention rate', color: 'teal.6' }} percent />
        )}
      </ChartCard>

      <ChartCard title="Share of voice" description="Each brand's share of all brand mentions, competitors included" testId="chart-share-of-voice">
        {voices.length === 0 ? (
          <NoData text="Add competitors in Search Settings to compare share of voice." />
        ) : (
          <RankingChart data={voices} dataKey="name" series={{ name: 'share', label: 'Share of voice', color: 'grape.6' }} percent />
        )}
      </ChartCard>

      <ChartCard title="Most cited domains" description="Websites the answers cite as sources" testId="chart-domains">
        {domains.length === 0 ? (
          <NoData text="No sources cited yet. Turn on Web Search to get answers with sources." />
        ) : (
          <RankingChart data={domains} dataKey="domain" series={{ name: 'count', label: 'Citations', color: 'cyan.6' }} percent={false} />
        )}
      </ChartCard>
    </SimpleGrid>
  );
}
