import { Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { accountApi } from '../../api/account-api.ts';
import { ApiError } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

export const CONFIRM_EMAIL_TEXTS = {
  invalidLink: 'This confirmation link is invalid or has already been used.',
  failed: 'Changing your email address failed. Please try again.',
  unreachable: 'An error occurred while confirming your address. Please try again.',
} as const;

type Confirmation = { status: 'confirming' } | { status: 'done'; message: string } | { status: 'error'; message: string };

function failureText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === null) return CONFIRM_EMAIL_TEXTS.unreachable;
  return error.message || CONFIRM_EMAIL_TEXTS.failed;
}

/**
 * One confirmation per link, as on the verification page: the link works once, so the call must not repeat when
 * StrictMode runs the effect twice; the attempt is kept in a ref and both runs wait for it.
 */
function useConfirmation(token: string | undefined): Confirmation {
  const { refresh } = useAuth();
  const attempt = useRef<{ token: string; outcome: Promise<Confirmation> } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>({ status: 'confirming' });

  useEffect(() => {
    if (!token) {
      setConfirmation({ status: 'error', message: CONFIRM_EMAIL_TEXTS.invalidLink });
      return;
    }
    if (attempt.current?.token !== token) {
      const outcome = accountApi.confirmEmailChange(token).then(
        (result): Confirmation => {
          // Signed in here as the account that moved: the menu and Settings show the new address at once.
          void refresh().catch(() => undefined);
          return { status: 'done', message: result.message };
        },
        (error: unknown): Confirmation => ({ status: 'error', message: failureText(error) }),
      );
      attempt.current = { token, outcome };
    }
    let current = true;
    void attempt.current.outcome.then((outcome) => {
      if (current) setConfirmation(outcome);
    });
    return () => {
      current = false;
    };
  }, [token, refresh]);

  return confirmation;
}

/** `/confirm-email?token=…`: opened from the mail sent to a new address; moves the account there. */
export function ConfirmEmailPage() {
  usePageTitle('Confirm new email');
  const { token } = useSearch({ from: '/confirm-email' });
  const { user } = useAuth();
  const confirmation = useConfirmation(token);

  return (
    <Center py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480} data-testid="confirm-email-page">
        {confirmation.status === 'confirming' && (
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Title order={1} size="h3">
              Confirming your new address…
            </Title>
          </Stack>
        )}
        {confirmation.status === 'done' && (
          <Stack align="center" gap="sm" role="status" data-testid="email-change-success">
            <ThemeIcon size={56} radius="xl" color="teal" variant="light">
              <IconCheck size={28} stroke={2.5} aria-hidden />
            </ThemeIcon>
            <Title order={1} size="h3">
              Email address changed
            </Title>
            <Text ta="center">{confirmation.message}</Text>
            <Text c="dimmed" size="sm" ta="center">
              Sign in with this address from now on. We have told your old address about the change.
            </Text>
            <Group mt="xs" justify="center">
              <Button component={Link} to="/" variant="default">
                Go to Home
              </Button>
              {user && (
                <Button component={Link} to="/settings" variant="light">
                  Back to Settings
                </Button>
              )}
            </Group>
          </Stack>
        )}
        {confirmation.status === 'error' && (
          <Stack align="center" gap="sm" data-testid="email-change-error">
            <ThemeIcon size={56} radius="xl" color="red" variant="light">
              <IconX size={28} stroke={2.5} aria-hidden />
            </ThemeIcon>
            <Title order={1} size="h3">
              Address not changed
            </Title>
            <Text ta="center" role="alert">
              {confirmation.message}
            </Text>
            <Button component={Link} to="/" variant="light" mt="xs">
              Go to Home
            </Button>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
