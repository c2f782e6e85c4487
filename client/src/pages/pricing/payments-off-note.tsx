import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { AddDemoCreditsButton } from '../../components/demo-credits/add-demo-credits-button.tsx';
import { OperatorGrantHint } from '../../components/purchase-credits/operator-grant-hint.tsx';
import { useSiteFacts } from '../../site/site-facts.ts';

/**
 * Beside the Purchase button when card payments are off: the prices still show, and this says before anyone
 * presses it that the operator can add credits instead, or support can help (and, in demo mode, offers demo credits).
 */
export function PaymentsOffNote() {
  const site = useSiteFacts();
  return (
    <Alert variant="light" color="gray" title="Card payments are not set up on this server" data-testid="payments-off-note">
      <Stack gap="sm">
        <OperatorGrantHint />
        <Text size="sm">
          Or write to{' '}
          <Anchor href={`mailto:${site.supportEmail}`} underline="always" c="inherit" fw={600}>
            {site.supportEmail}
          </Anchor>{' '}
          and we will help.
        </Text>
        <AddDemoCreditsButton />
      </Stack>
    </Alert>
  );
}
