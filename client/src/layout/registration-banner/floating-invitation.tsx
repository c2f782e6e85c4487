import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { useRef } from 'react';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';
import { placeStyle, useClearOfAsk } from '../clear-of-ask/clear-of-ask.ts';

/**
 * The registration invitation itself: floating over the bottom of the window (at the top, under the top bar,
 * whenever the bottom would cover Ask or Ask follow-up, and set aside while both would), opaque and with a shadow,
 * dismissible.
 */
export default function FloatingInvitation({ onDismiss }: { onDismiss(): void }) {
  const authModal = useAuthModal();
  const floating = useRef<HTMLDivElement>(null);
  const place = useClearOfAsk(floating, true);
  return (
    <Box
      ref={floating}
      pos="fixed"
      right={16}
      left={{ base: 16, sm: 'auto' }}
      maw={{ sm: 440 }}
      style={{ zIndex: 150, ...placeStyle(place) }}
      data-place={place}
    >
      <Alert
        // Opaque, with a shadow: it sits over the page.
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        variant="default"
        color="indigo"
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={onDismiss}
        title="Get 150 free credits"
        data-testid="registration-banner"
      >
        <Group justify="space-between" gap="sm">
          <Text size="sm">Register for free to compare models side by side, use web search, keep your history and monitor your brand.</Text>
          <Button size="xs" onClick={() => authModal.open('register')}>
            Sign Up
          </Button>
        </Group>
      </Alert>
    </Box>
  );
}
