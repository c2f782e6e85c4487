import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';

/** While a tab's data loads: a spinner that says what it waits for. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" data-testid="brand-loading">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** A tab's data could not be read: the reason, and a way to ask again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Paper withBorder p="md" radius="md" role="alert" data-testid="brand-error" style={{ borderColor: 'var(--mantine-color-red-outline)' }}>
      <Stack gap="xs" align="flex-start">
        <Text fw={600} c="red">
          Could not load
        </Text>
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="outline" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Paper>
  );
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, hint, testId }: { title: string; hint: string; testId: string }) {
  return (
    <Stack gap={4} py="lg" align="center" ta="center" data-testid={testId}>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" maw={460}>
        {hint}
      </Text>
    </Stack>
  );
}
