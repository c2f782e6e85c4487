import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi, type AccountSession } from '../../api/account-api.ts';
import { messageOf } from '../../api/http-client.ts';

export const sessionsQueryKey = ['account', 'sessions'] as const;

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SessionRow({ session }: { session: AccountSession }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" data-testid="session-row">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={500} size="sm" truncate>
          {session.device}
        </Text>
        <Text size="xs" c="dimmed">
          Signed in {WHEN.format(new Date(session.createdAt))} · last active {WHEN.format(new Date(session.lastSeenAt))}
        </Text>
      </Stack>
      {session.current && (
        // A dot beside words in the default text colour: tinted badge text falls short of contrast in one scheme.
        <Badge variant="dot" color="teal" style={{ flexShrink: 0 }}>
          This device
        </Badge>
      )}
    </Group>
  );
}

/** Where the account is signed in, this browser first, and a way to end every other session. */
export function SessionsPanel() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsQueryKey, queryFn: accountApi.sessions });
  const signOutOthers = useMutation({
    mutationFn: accountApi.signOutOthers,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });

  if (sessions.isPending) return <Loader size="sm" aria-label="Loading your devices" />;
  if (sessions.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {messageOf(sessions.error, 'Your devices could not be loaded.')}
      </Text>
    );
  }
  const others = sessions.data.sessions.filter((session) => !session.current).length;
  return (
    <Stack gap="sm">
      <Stack gap="xs" data-testid="session-list">
        {sessions.data.sessions.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </Stack>
      {signOutOthers.isSuccess && (
        <Alert color="teal" variant="light" role="status">
          {signOutOthers.data.message}
        </Alert>
      )}
      {signOutOthers.isError && (
        <Alert color="red" variant="light" role="alert">
          {messageOf(signOutOthers.error, 'The other devices could not be signed out.')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="light" color="red" disabled={others === 0} loading={signOutOthers.isPending} onClick={() => signOutOthers.mutate()} data-testid="sign-out-others">
          {others === 0 ? 'No other devices' : `Sign out ${others === 1 ? 'the other device' : `${others} other devices`}`}
        </Button>
      </Group>
    </Stack>
  );
}
