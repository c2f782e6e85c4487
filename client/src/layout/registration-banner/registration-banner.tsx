import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';

/** Spec section 9: the banner appears 1.5 s after load. */
export const REGISTRATION_BANNER_DELAY_MS = 1_500;

/** Invites signed-out visitors to register, 1.5 s after the page loads; dismissible for this visit. */
export function RegistrationBanner() {
  const { user } = useAuth();
  const authModal = useAuthModal();
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), REGISTRATION_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (user || !due || dismissed) return null;
  return (
    <Alert
      variant="light"
      color="indigo"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setDismissed(true)}
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
  );
}
