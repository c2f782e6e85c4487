import { NativeSelect, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { BrandAnalytics } from '../../../../contract/brand.ts';
import { BrandAnalyticsCard } from './brand-analytics-card.tsx';
import { EmptyState, LoadingState } from './query-status.tsx';

// The charts bring recharts along: only people who open the dashboard download them.
const BrandCharts = lazy(() => import('./brand-charts.tsx').then((module) => ({ default: module.BrandCharts })));

/** Every analysed brand's numbers, then the charts for the one chosen. */
export function AnalyticsTab({ analytics }: { analytics: readonly BrandAnalytics[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const charted = analytics.find((brand) => brand.brandName === chosen) ?? analytics[0];

  // The dashboard's title ("Brand Analytics"), over the numbers or over the word that there are none yet.
  const heading = (
    <Title order={2} size="h3" data-testid="brand-analytics-title">
      Brand Analytics
    </Title>
  );
  if (!charted) {
    return (
      <Stack gap="md">
        {heading}
        <EmptyState
        testId="analytics-empty"
        title="No brands analysed yet"
        hint="Turn on Brand Monitoring in Search Settings, enter your brand (and competitors, if you like), and ask a question."
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <div>
        {heading}
        {/* The totals are all-time, unlike the mentions list's period: say so, so the two never seem to disagree. */}
        <Text size="sm" c="dimmed" data-testid="brand-analytics-scope">
          Counted over every answer analysed for each brand, since its first; the daily chart shows the last 30 days.
        </Text>
      </div>
      {analytics.map((brand) => (
        <BrandAnalyticsCard key={brand.brandName} brand={brand} />
      ))}
      <Stack gap="sm">
        <Title order={3} size="h4">
          Charts for {charted.brandName}
        </Title>
        {analytics.length > 1 && (
          <NativeSelect
            label="Brand"
            data={analytics.map((brand) => brand.brandName)}
            value={charted.brandName}
            onChange={(event) => setChosen(event.currentTarget.value)}
            w={{ base: '100%', xs: 240 }}
            data-testid="analytics-chart-brand"
          />
        )}
        <Suspense fallback={<LoadingState label="Loading charts…" />}>
          <BrandCharts brand={charted} />
        </Suspense>
      </Stack>
    </Stack>
  );
}
