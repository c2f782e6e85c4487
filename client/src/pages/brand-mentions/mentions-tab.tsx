import { Button, Group, NativeSelect, Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { SENTIMENTS, SURFACES, type MentionRecord, type MentionsData, type Sentiment, type Surface } from '../../../../contract/brand.ts';
import { mentionsCsvUrl, NO_MENTION_FILTERS, type MentionsFilters } from '../../api/brand-api.ts';
import { sentimentLabel } from '../../components/brand-summary/brand-summary-text.ts';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { MentionCard } from './mention-card.tsx';
import { ANY, isFiltered, shownText, SURFACE_LABELS, WINDOW_CHOICES } from './mention-filters.ts';
import { EmptyState } from './query-status.tsx';

// The dialog is opened from a card, not shown at first: its code waits for the first click.
const MentionDetailsModal = lazy(() => import('./mention-details-modal.tsx').then((module) => ({ default: module.MentionDetailsModal })));

export interface MentionsTabProps {
  /** One page of mentions as the server filtered and counted them. */
  data: MentionsData;
  filters: MentionsFilters;
  onFilters(filters: MentionsFilters): void;
  onPage(page: number): void;
  brands: readonly string[];
  models: readonly { engine: string; model: string }[];
}

/**
 * The mentions of the chosen window, filtered by the server (brand, model, tone, surface, words), a page at a time,
 * each card opening into its details; the CSV button downloads every mention the same filters match.
 */
export function MentionsTab({ data, filters, onFilters, onPage, brands, models }: MentionsTabProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [opened, setOpened] = useState<MentionRecord | null>(null);
  const names = useDisplayNames();
  const toggle = useCallback(
    (id: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const set = (change: Partial<MentionsFilters>) => onFilters({ ...filters, ...change });
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  // Nothing in the window with no filter narrowing it: the filters stay, so a longer period is one choice away.
  const windowEmpty = data.total === 0 && !isFiltered(filters);

  return (
    <Stack gap="md">
      {/* Two filters a row on a phone, three on a tablet, all six in one row on a wide screen. */}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" verticalSpacing="xs">
        <NativeSelect
          label="Brand"
          data={[{ value: ANY, label: 'All Brands' }, ...brands.map((name) => ({ value: name, label: name }))]}
          value={filters.brandName}
          onChange={(event) => set({ brandName: event.currentTarget.value })}
          data-testid="mentions-brand-filter"
        />
        <NativeSelect
          label="Model"
          data={[{ value: ANY, label: 'All Models' }, ...models.map((pair) => ({ value: pair.model, label: names(pair).model }))]}
          value={filters.model}
          onChange={(event) => set({ model: event.currentTarget.value })}
          data-testid="mentions-model-filter"
        />
        <NativeSelect
          label="Sentiment"
          data={[{ value: ANY, label: 'Any Sentiment' }, ...SENTIMENTS.map((sentiment) => ({ value: sentiment, label: sentimentLabel(sentiment) }))]}
          value={filters.sentiment ?? ANY}
          onChange={(event) => set({ sentiment: (event.currentTarget.value || null) as Sentiment | null })}
          data-testid="mentions-sentiment-filter"
        />
        <NativeSelect
          label="Surface"
          data={[{ value: ANY, label: 'All Surfaces' }, ...SURFACES.map((surface) => ({ value: surface, label: SURFACE_LABELS[surface] }))]}
          value={filters.surface ?? ANY}
          onChange={(event) => set({ surface: (event.currentTarget.value || null) as Surface | null })}
          data-testid="mentions-surface-filter"
        />
        <NativeSelect
          label="Period"
          data={WINDOW_CHOICES.map((days) => ({ value: String(days), label: `Last ${days} days` }))}
          value={String(filters.days)}
          onChange={(event) => set({ days: Number(event.currentTarget.value) })}
          data-testid="mentions-days-filter"
        />
        <TextInput
          label="Search"
          placeholder="Context, question or keyword"
          value={filters.search}
          onChange={(event) => set({ search: event.currentTarget.value })}
          data-testid="mentions-search"
        />
      </SimpleGrid>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="mentions-shown">
          {shownText(data.total, data.page, data.pageSize, filters.days)}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={!isFiltered(filters) && filters.days === NO_MENTION_FILTERS.days} onClick={() => onFilters(NO_MENTION_FILTERS)} data-testid="mentions-clear">
            Clear
          </Button>
          {/* A plain link: the browser downloads it with the session cookie, however many mentions there are. */}
          <Button component="a" href={mentionsCsvUrl(filters)} download variant="light" size="xs" data-testid="mentions-csv">
            Download CSV
          </Button>
        </Group>
      </Group>
      {windowEmpty ? (
        <EmptyState
          testId="mentions-empty"
          title={`No brand mentions in the last ${filters.days} days`}
          hint={`${filters.days < Math.max(...WINDOW_CHOICES) ? 'Choose a longer period above to see older mentions. ' : ''}To record new ones, turn on Brand Monitoring in Search Settings, enter your brand, and ask a question: every answer that names it appears here.`}
        />
      ) : data.mentions.length === 0 ? (
        <EmptyState testId="mentions-no-match" title="No mentions match" hint="Try another brand, model or period, fewer words, or press Clear to see them all." />
      ) : (
        data.mentions.map((mention) => <MentionCard key={mention.id} mention={mention} expanded={expanded.has(mention.id)} onToggle={toggle} onOpen={setOpened} />)
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={data.page} onChange={onPage} size="sm" siblings={1} boundaries={1} data-testid="mentions-pagination" getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
        </Group>
      )}
      {opened && (
        <Suspense fallback={null}>
          <MentionDetailsModal mention={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
