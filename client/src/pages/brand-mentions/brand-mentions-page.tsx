import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { brandAnalyticsQuery, brandMentionsQuery, brandQueryKeys, NO_MENTION_FILTERS, type MentionsFilters } from '../../api/brand-api.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { AnalyticsTab } from './analytics-tab.tsx';
import { brandChoices, modelChoices } from './mention-filters.ts';
import { MentionsTab } from './mentions-tab.tsx';
import { ErrorState, LoadingState } from './query-status.tsx';
import { SignedInOnly } from '../../components/signed-in-only/signed-in-only.tsx';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : 'Something went wrong.');

/** How long typing in the search box pauses before the list is asked for again. */
const SEARCH_PAUSE_MS = 300;

/** Where a signed-in person sees how AI answers have talked about their brands: the mentions, and the numbers. */
export function BrandMentionsPage() {
  usePageTitle('Brand Mentions');
  return (
    <SignedInOnly
      reason="Sign in to see where AI answers mention your brand. Brand Monitoring records mentions for your account as you ask questions."
      testId="brand-mentions-auth-required"
    >
      <SignedInBrandMentions />
    </SignedInOnly>
  );
}

function SignedInBrandMentions() {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<string | null>('mentions');
  const [filters, setFilters] = useState<MentionsFilters>(NO_MENTION_FILTERS);
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(filters.search, SEARCH_PAUSE_MS);
  const mentions = useQuery(brandMentionsQuery({ ...filters, search }, page));
  const analytics = useQuery(brandAnalyticsQuery());
  const mentionList = mentions.data?.mentions ?? [];
  const analysed = analytics.data?.analytics ?? [];
  const brands = brandChoices(analytics.data?.recentBrands ?? [], analysed, mentionList);
  // A new filter starts from the first page: the old page number may not exist under it.
  const changeFilters = (next: MentionsFilters) => {
    setFilters(next);
    setPage(1);
  };
  const refreshing = mentions.isFetching || analytics.isFetching;

  return (
    <Stack gap="md" py="md" data-testid="brand-mentions-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Brand Mentions
          </Title>
          <Text c="dimmed" size="sm">
            How AI answers talked about your brands: the mentions of a period you choose, and the numbers over every answer analysed.
          </Text>
        </div>
        <Button
          variant="default"
          loading={refreshing}
          onClick={() => void queryClient.invalidateQueries({ queryKey: brandQueryKeys.all })}
          data-testid="brand-refresh"
        >
          Refresh
        </Button>
      </Group>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="mentions" data-testid="tab-mentions">
            Mentions ({mentions.data?.total ?? 0})
          </Tabs.Tab>
          <Tabs.Tab value="analytics" data-testid="tab-analytics">
            Analytics ({analysed.length})
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="mentions" pt="md">
          {mentions.isPending ? (
            <LoadingState label="Loading mentions…" />
          ) : mentions.isError ? (
            <ErrorState message={errorText(mentions.error)} onRetry={() => void mentions.refetch()} />
          ) : (
            <MentionsTab
              data={mentions.data}
              filters={filters}
              onFilters={changeFilters}
              onPage={setPage}
              brands={brands}
              models={modelChoices(analysed)}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="md">
          {analytics.isPending ? (
            <LoadingState label="Loading analytics…" />
          ) : analytics.isError ? (
            <ErrorState message={errorText(analytics.error)} onRetry={() => void analytics.refetch()} />
          ) : (
            <AnalyticsTab analytics={analysed} />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
