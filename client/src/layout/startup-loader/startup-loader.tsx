import { Center, Loader, Stack, Text } from '@mantine/core';

/** Spec section 2: the full-screen loader shown until the start-up session check has answered. */
export function StartupLoader() {
  return (
    <Center h="100dvh" role="status" aria-live="polite" data-testid="startup-loader">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Initialising Quorum…</Text>
      </Stack>
    </Center>
  );
}
