import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';

interface SignedInOnlyProps {
  /** The page's title, shown to a signed-out visitor too ("Authentication Required" unless the page has a better one). */
  title?: string;
  /** Why signing in is needed here, in the page's own words. */
  reason: string;
  testId: string;
  /** More ways on for a signed-out visitor (a public part of the feature). */
  more?: ReactNode;
  children: ReactNode;
}

/**
 * A page that belongs to an account: a loader while the session is checked, then the page, or for a signed-out
 * visitor its title, why it needs an account, Sign In (the page then shows itself) and the way home.
 */
export function SignedInOnly({ title = 'Authentication Required', reason, testId, more, children }: SignedInOnlyProps) {
  const { status, user } = useAuth();
  const authModal = useAuthModal();
  if (status === 'loading') {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (user) return children;
  return (
    <Stack gap="md" py="xl" align="flex-start" data-testid={testId}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{reason}</Text>
      <Group>
        <Button onClick={() => authModal.open('login')} data-testid="signed-in-only-sign-in">
          Sign In
        </Button>
        <Button component={Link} to="/" variant="light">
          Go to Home
        </Button>
        {more}
      </Group>
    </Stack>
  );
}
