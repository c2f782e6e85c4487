import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { creditHistoryQueryKey, fetchCreditHistory, type CreditHistoryEntry } from '../../api/credit-history-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { useCredits } from '../../app-state/credits-context.tsx';
import { useDisplayNames } from '../../catalogue/display-names.ts';
import { creditEntryText, signedCredits } from './credit-entry-text.ts';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function CreditEntryRow({ entry, modelName }: { entry: CreditHistoryEntry; modelName(pair: { engine: string; model: string }): string }) {
  const text = creditEntryText(entry, modelName);
  return (
    <Group component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="sm" data-testid="credit-entry" data-kind={entry.kind}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={500} size="sm">
          {text.title}
        </Text>
        {text.detail && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="credit-entry-detail">
            {text.detail}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {WHEN.format(new Date(entry.createdAt))}
        </Text>
      </Stack>
      <Text fw={700} size="sm" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }} data-testid="credit-entry-amount">
        {signedCredits(entry.credits)}
      </Text>
    </Group>
  );
}

/**
 * The signed-in person's history of credits, newest first, a page at a time: what came in (welcome credits,
 * purchases, the operator's or the demo button's grants, with their reason) and what each answer cost. Read again
 * whenever the count of credits changes, so a grant or an answer appears without a reload.
 */
export function CreditHistoryList() {
  const queryClient = useQueryClient();
  const names = useDisplayNames();
  const modelName = (pair: { engine: string; model: string }) => names(pair).model;
  const history = useInfiniteQuery({
    queryKey: creditHistoryQueryKey,
    queryFn: ({ pageParam, signal }) => fetchCreditHistory(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.entries.at(-1)?.id : undefined),
  });

  const { creditsRemaining } = useCredits();
  const seen = useRef(creditsRemaining);
  useEffect(() => {
    if (seen.current === creditsRemaining) return;
    seen.current = creditsRemaining;
    void queryClient.invalidateQueries({ queryKey: creditHistoryQueryKey });
  }, [creditsRemaining, queryClient]);

  if (history.isPending) return <Loader size="sm" aria-label="Loading your history of credits" />;
  if (history.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {messageOf(history.error, 'Your history of credits could not be loaded.')}
      </Alert>
    );
  }
  const entries = history.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <Text size="sm">Nothing yet: your credits’ comings and goings will be listed here.</Text>;
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="History of credits" data-testid="credit-history">
        {entries.map((entry) => (
          <CreditEntryRow key={entry.id} entry={entry} modelName={modelName} />
        ))}
      </Stack>
      {history.hasNextPage && (
        <Group justify="center">
          <Button variant="default" size="xs" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            Show older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
