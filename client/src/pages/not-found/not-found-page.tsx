import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed">There is nothing at this address.</Text>
      <Button component={Link} to="/" variant="light">
        Ask a question
      </Button>
    </Stack>
  );
}
