import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** Any address the app has no page for: says which one, and offers the ways on. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  const path = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Stack align="flex-start" gap="md" py="xl" maw={640} data-testid="not-found">
      <Text c="dimmed" fw={600} size="sm">
        Error 404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text>
        There is no page at <strong style={{ overflowWrap: 'anywhere' }}>{path}</strong>. The link may be old or
        mistyped, or the page may have moved.
      </Text>
      <Group gap="sm">
        <Button component={Link} to="/">
          Go to Home
        </Button>
        <Button component={Link} to="/help-support" variant="default">
          Get help
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Looking for prices? See{' '}
        <Anchor component={Link} to="/pricing" size="sm" underline="always">
          Pricing
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
