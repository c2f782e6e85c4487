import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { creditsText } from '../../catalogue/model-access.ts';

interface PaymentUnavailableModalProps {
  /** The amount someone tried to buy; null keeps the modal closed. */
  credits: number | null;
  supportEmail: string;
  onClose(): void;
}

/** Until card payments exist: says so plainly and where to write instead. */
export function PaymentUnavailableModal({ credits, supportEmail, onClose }: PaymentUnavailableModalProps) {
  return (
    <Modal opened={credits !== null} onClose={onClose} title="Payment Unavailable" centered>
      <Stack gap="sm">
        <Text size="sm">
          Card payments are coming soon{credits !== null ? `, so ${creditsText(credits)} cannot be bought here yet` : ''}.
        </Text>
        <Text size="sm">
          If you need more credits now, write to{' '}
          <Anchor href={`mailto:${supportEmail}`} underline="always" data-testid="payment-support-email">
            {supportEmail}
          </Anchor>{' '}
          and we will help.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
