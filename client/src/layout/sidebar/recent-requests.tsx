import { Button, CloseButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { HISTORY_DEFAULT_LIMIT, HISTORY_SEARCH_MAX_LENGTH } from '../../../../contract/limits.ts';
import { fetchHistory } from '../../api/history-api.ts';
import { HTTP_ERROR_TEXTS, messageOf } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { queryKeys } from '../../app-state/query-client.ts';
import { groupRequests, type RequestGroup } from '../../history/request-groups.ts';
import { RecentRequestItem } from './recent-request-item.tsx';

const RequestDetailsModal = lazy(() => import('../../components/request-details-modal/request-details-modal.tsx'));

/** Spec wording for a history call that failed without saying why. */
export const FAILED_TO_FETCH_REQUESTS = 'Failed to fetch requests';

/** Why the history could not be loaded: the server's or the connection's words, else the spec's fallback. */
function historyFailureText(error: unknown): string {
  const message = messageOf(error, FAILED_TO_FETCH_REQUESTS);
  return message === HTTP_ERROR_TEXTS.unexpected ? FAILED_TO_FETCH_REQUESTS : message;
}

/** The sidebar shows 15 recent groups until Show All. */
export const RECENT_GROUPS_SHOWN = 15;
/** Typing in the search box asks the server once the person pauses. */
const SEARCH_PAUSE_MS = 300;

/**
 * The signed-in user's history: one entry per conversation (a question with its follow-ups), conversations started
 * with identical parameters grouped, with the details modal behind each entry. Read a page of 20 conversations at a
 * time: Show All lists every group read so far, and Load more reads the next page, so older conversations are always
 * within reach. The search asks the server, so it finds conversations not read yet, by any of their questions.
 */
export function RecentRequests({ onNavigate }: { onNavigate(): void }) {
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const history = useInfiniteQuery({
    queryKey: [...queryKeys.history, { search: searched }],
    queryFn: ({ pageParam, signal }) => fetchHistory({ limit: HISTORY_DEFAULT_LIMIT, offset: pageParam, search: searched }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.reduce((sum, page) => sum + page.requests.length, 0);
      return read < last.total && last.requests.length > 0 ? read : undefined;
    },
    // The list stays on screen while a new search is read.
    placeholderData: keepPreviousData,
    enabled: user !== null,
  });
  const conversations = useMemo(() => history.data?.pages.flatMap((page) => page.requests) ?? [], [history.data]);
  const groups = useMemo(() => groupRequests(conversations), [conversations]);
  const [showAll, setShowAll] = useState(false);
  const [details, setDetails] = useState<{ group: RequestGroup; opened: boolean } | null>(null);
  // A search shows every match: there is no "recent" to cut it to.
  const expanded = showAll || searched !== '';
  const shown = expanded ? groups : groups.slice(0, RECENT_GROUPS_SHOWN);
  const total = history.data?.pages.at(-1)?.total ?? 0;

  return (
    <Stack gap="xs" component="section" aria-labelledby="recent-requests-title" data-testid="recent-requests">
      <Text id="recent-requests-title" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm">
        Recent Requests
      </Text>

      {user !== null && (
        <TextInput
          mx="sm"
          size="xs"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value.slice(0, HISTORY_SEARCH_MAX_LENGTH))}
          placeholder="Search your requests"
          aria-label="Search your requests"
          leftSection={<IconSearch size={14} aria-hidden />}
          rightSection={search !== '' ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null}
          data-testid="history-search"
        />
      )}

      {history.isPending && user !== null && (
        <Stack gap="xs" px="sm" role="status" aria-busy="true" aria-label="Loading recent requests" data-testid="recent-requests-loading">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={58} radius="md" />
          ))}
        </Stack>
      )}

      {history.isError && (
        <Stack gap="xs" px="sm" role="alert" data-testid="recent-requests-error">
          <Text size="sm" c="red">
            Failed to load requests
          </Text>
          <Text size="xs" data-testid="recent-requests-error-reason">
            {historyFailureText(history.error)}
          </Text>
          <Group>
            <Button size="compact-sm" variant="light" onClick={() => void history.refetch()} loading={history.isFetching}>
              Retry
            </Button>
          </Group>
        </Stack>
      )}

      {history.isSuccess && groups.length === 0 && (
        <Text size="sm" c="dimmed" px="sm" data-testid="recent-requests-empty">
          {searched !== '' ? `No requests match “${searched}”.` : 'No requests yet. Your questions will appear here.'}
        </Text>
      )}

      {shown.length > 0 && (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-busy={history.isFetching}>
          {shown.map((group) => (
            <li key={group.key}>
              <RecentRequestItem group={group} onOpen={(opened) => setDetails({ group: opened, opened: true })} />
            </li>
          ))}
        </Stack>
      )}

      {searched === '' && (groups.length > RECENT_GROUPS_SHOWN || history.hasNextPage) && (
        <Button
          variant="subtle"
          size="compact-sm"
          mx="sm"
          onClick={() => setShowAll((all) => !all)}
          aria-expanded={showAll}
          data-testid="show-all-requests"
        >
          {showAll ? 'Show Less' : 'Show All'}
        </Button>
      )}

      {expanded && history.hasNextPage && (
        <Button
          variant="light"
          size="compact-sm"
          mx="sm"
          onClick={() => void history.fetchNextPage()}
          loading={history.isFetchingNextPage}
          data-testid="load-more-requests"
        >
          Load more ({conversations.length} of {total})
        </Button>
      )}

      {details && (
        <Suspense fallback={null}>
          <RequestDetailsModal
            // A new group starts at its first tab.
            key={details.group.key}
            group={details.group}
            opened={details.opened}
            onClose={() => setDetails((current) => current && { ...current, opened: false })}
            onClosed={() => setDetails((current) => (current?.opened ? current : null))}
            onRanAgain={onNavigate}
            onDeleted={() => setDetails((current) => current && { ...current, opened: false })}
          />
        </Suspense>
      )}
    </Stack>
  );
}
