import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** Pages still being written (pricing, brand mentions, support, legal): an honest notice instead of a dead link. */
export function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack gap="md" py="xl" align="flex-start">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">This page is being prepared and will be available soon.</Text>
      <Button component={Link} to="/" variant="light">
        Go to Home
      </Button>
    </Stack>
  );
}
