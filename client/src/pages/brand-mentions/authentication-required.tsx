import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** What a signed-out visitor sees: mentions belong to an account, so there is nothing to show without one. */
export function AuthenticationRequired() {
  return (
    <Stack gap="md" py="xl" align="flex-start" data-testid="brand-mentions-auth-required">
      <Title order={1} size="h2">
        Authentication Required
      </Title>
      <Text c="dimmed">
        Sign in to see where AI answers mention your brand. Brand Monitoring records mentions for your account as you ask questions.
      </Text>
      <Button component={Link} to="/" variant="light">
        Go to Home
      </Button>
    </Stack>
  );
}
