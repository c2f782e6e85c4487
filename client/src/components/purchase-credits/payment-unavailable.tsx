import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { AddDemoCreditsButton } from '../demo-credits/add-demo-credits-button.tsx';
import { OperatorGrantHint } from './operator-grant-hint.tsx';

/**
 * Card payments are not switched on for this deployment: say so plainly, then what can be done instead: the
 * operator can add credits, support can be asked, and in demo mode the person can add demo credits right here.
 */
export function PaymentUnavailable({ supportEmail, onClose }: { supportEmail: string; onClose(): void }) {
  return (
    <Stack gap="sm" data-testid="payment-unavailable">
      <Text size="sm">Card payments are not available at the moment, so credits cannot be bought here right now.</Text>
      <OperatorGrantHint />
      <Text size="sm">
        If you need more credits, write to{' '}
        <Anchor href={`mailto:${supportEmail}`} underline="always" data-testid="payment-support-email">
          {supportEmail}
        </Anchor>{' '}
        and we will help.
      </Text>
      <AddDemoCreditsButton />
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
