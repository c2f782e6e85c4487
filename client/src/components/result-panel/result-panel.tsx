import { Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The page a link from a mail opens (verify the address, confirm a new one, reset the password): one card in the
 * middle of the page, whatever state it is in.
 */
export function ResultCard({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Center py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480} data-testid={testId}>
        {children}
      </Paper>
    </Center>
  );
}

/** Still working (a spinner), done (a green tick) or failed (a red cross); a form's header brings its own icon. */
export type ResultOutcome = 'working' | 'success' | 'failure' | { icon: ReactNode; color: string };

interface ResultPanelProps {
  outcome: ResultOutcome;
  title: string;
  /** What happened, in the server's words when it said them; read out as an alert when it failed. */
  message?: ReactNode;
  /** A quieter line under it: what happens next. */
  note?: ReactNode;
  /** The ways on from here (Go to Home, Request a new link…). */
  actions?: ReactNode;
  testId?: string;
}

const ICON = { size: 28, stroke: 2.5, 'aria-hidden': true } as const;

export function ResultPanel({ outcome, title, message, note, actions, testId }: ResultPanelProps) {
  const failed = outcome === 'failure';
  return (
    // Progress and success are announced politely; a failure's message is the alert itself.
    <Stack align="center" gap="sm" role={failed || typeof outcome === 'object' ? undefined : 'status'} data-testid={testId}>
      <OutcomeIcon outcome={outcome} />
      <Title order={1} size="h3" ta="center">
        {title}
      </Title>
      {message && (
        <Text ta="center" role={failed ? 'alert' : undefined}>
          {message}
        </Text>
      )}
      {note && (
        <Text c="dimmed" size="sm" ta="center">
          {note}
        </Text>
      )}
      {actions && (
        <Group mt="xs" justify="center">
          {actions}
        </Group>
      )}
    </Stack>
  );
}

function OutcomeIcon({ outcome }: { outcome: ResultOutcome }) {
  if (outcome === 'working') return <Loader />;
  const { color, icon } =
    outcome === 'success' ? { color: 'teal', icon: <IconCheck {...ICON} /> } : outcome === 'failure' ? { color: 'red', icon: <IconX {...ICON} /> } : outcome;
  return (
    <ThemeIcon size={56} radius="xl" color={color} variant="light">
      {icon}
    </ThemeIcon>
  );
}
