import { Code, Stack, Text } from '@mantine/core';
import { useAuth } from '../../app-state/auth-context.tsx';

/** The grant command shown to the person, filled in with their own address when signed in. */
export function grantCommandFor(email: string | undefined): string {
  return `npm run credits:grant -- ${email ?? '<your email>'} 500 --reason "…"`;
}

/**
 * What can be done when card payments are off: whoever runs this Quorum can add credits to an account from the
 * server, recorded in the person's history of credits with the reason given.
 */
export function OperatorGrantHint() {
  const { user } = useAuth();
  return (
    <Stack gap={6} data-testid="operator-grant-hint">
      <Text size="sm">
        Whoever runs this Quorum can add credits to {user ? 'your' : 'an'} account from the server, and they appear in the history of credits
        with the reason given:
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="operator-grant-command">
        {grantCommandFor(user?.email)}
      </Code>
    </Stack>
  );
}
