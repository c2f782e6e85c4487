import { Anchor, Button, Group, Stack, Text } from '@mantine/core';

/** Card payments are not switched on for this deployment: say so plainly and where to write instead. */
export function PaymentUnavailable({ supportEmail, onClose }: { supportEmail: string; onClose(): void }) {
  return (
    <Stack gap="sm" data-testid="payment-unavailable">
      <Text size="sm">Card payments are not available at the moment, so credits cannot be bought here right now.</Text>
      <Text size="sm">
        If you need more credits, write to{' '}
        <Anchor href={`mailto:${supportEmail}`} underline="always" data-testid="payment-support-email">
          {supportEmail}
        </Anchor>{' '}
        and we will help.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
