import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useAuthModal } from '../../../app-state/auth-modal-context.tsx';
import { LOCK_PROMPTS } from '../../../catalogue/model-access.ts';

/** Guests cannot compare: the view invites them to register instead of showing the form. */
export function ComparisonLocked() {
  const { open } = useAuthModal();
  return (
    <Paper withBorder p="xl" radius="md" data-testid="comparison-locked">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2} size="h4">
          Compare models side by side
        </Title>
        <Text c="dimmed">{LOCK_PROMPTS.register}</Text>
        <Button onClick={() => open('register')}>Sign Up</Button>
      </Stack>
    </Paper>
  );
}
