import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { MentionRecord } from '../../../../contract/brand.ts';
import { MentionCard } from './mention-card.tsx';
import { ALL_BRANDS, filterMentions, shownText } from './mention-filters.ts';
import { EmptyState } from './query-status.tsx';

// The dialog is opened from a card, not shown at first: its code waits for the first click.
const MentionDetailsModal = lazy(() => import('./mention-details-modal.tsx').then((module) => ({ default: module.MentionDetailsModal })));

export interface MentionsTabProps {
  mentions: readonly MentionRecord[];
  brands: readonly string[];
}

/** The mentions of the last 30 days, narrowed by brand and by words, each card opening into its details. */
export function MentionsTab({ mentions, brands }: MentionsTabProps) {
  const [brand, setBrand] = useState(ALL_BRANDS);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [opened, setOpened] = useState<MentionRecord | null>(null);
  const shown = useMemo(() => filterMentions(mentions, { brand, search }), [mentions, brand, search]);
  const toggle = useCallback(
    (id: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const filtered = brand !== ALL_BRANDS || search.trim() !== '';

  if (mentions.length === 0) {
    return (
      <EmptyState
        testId="mentions-empty"
        title="No brand mentions in the last 30 days"
        hint="Turn on Brand Monitoring in Search Settings, enter your brand, and ask a question: every answer that names it appears here."
      />
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Brand"
          data={[{ value: ALL_BRANDS, label: 'All Brands' }, ...brands.map((name) => ({ value: name, label: name }))]}
          value={brand}
          onChange={(event) => setBrand(event.currentTarget.value)}
          w={{ base: '100%', xs: 200 }}
          data-testid="mentions-brand-filter"
        />
        <TextInput
          label="Search"
          placeholder="Context, question or keyword"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 200px' }}
          data-testid="mentions-search"
        />
        <Button
          variant="default"
          disabled={!filtered}
          onClick={() => {
            setBrand(ALL_BRANDS);
            setSearch('');
          }}
          data-testid="mentions-clear"
        >
          Clear
        </Button>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="mentions-shown">
        {shownText(shown.length, mentions.length)}
      </Text>
      {shown.length === 0 ? (
        <EmptyState testId="mentions-no-match" title="No mentions match" hint="Try another brand or fewer words, or press Clear to see them all." />
      ) : (
        shown.map((mention) => <MentionCard key={mention.id} mention={mention} expanded={expanded.has(mention.id)} onToggle={toggle} onOpen={setOpened} />)
      )}
      {opened && (
        <Suspense fallback={null}>
          <MentionDetailsModal mention={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
