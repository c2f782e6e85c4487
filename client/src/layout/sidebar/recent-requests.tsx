import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { HISTORY_DEFAULT_LIMIT } from '../../../../contract/limits.ts';
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

/** The signed-in user's history, grouped by identical parameters, with the details modal behind each entry. */
export function RecentRequests({ onNavigate }: { onNavigate(): void }) {
  const { user } = useAuth();
  const history = useQuery({
    // The API's default page: each item carries its full answers, so the sidebar does not ask for more than that.
    queryKey: [...queryKeys.history, HISTORY_DEFAULT_LIMIT],
    queryFn: ({ signal }) => fetchHistory(HISTORY_DEFAULT_LIMIT, signal),
    enabled: user !== null,
  });
  const groups = useMemo(() => groupRequests(history.data?.requests ?? []), [history.data]);
  const [showAll, setShowAll] = useState(false);
  const [details, setDetails] = useState<{ group: RequestGroup; opened: boolean } | null>(null);
  const shown = showAll ? groups : groups.slice(0, RECENT_GROUPS_SHOWN);

  return (
    <Stack gap="xs" component="section" aria-labelledby="recent-requests-title" data-testid="recent-requests">
      <Text id="recent-requests-title" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm">
        Recent Requests
      </Text>

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
          No requests yet. Your questions will appear here.
        </Text>
      )}

      {shown.length > 0 && (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((group) => (
            <li key={group.key}>
              <RecentRequestItem group={group} onOpen={(opened) => setDetails({ group: opened, opened: true })} />
            </li>
          ))}
        </Stack>
      )}

      {groups.length > RECENT_GROUPS_SHOWN && (
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
          />
        </Suspense>
      )}
    </Stack>
  );
}
