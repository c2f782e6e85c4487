import { Alert, Button, Group, Text } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';

/** The banner appears 1.5 s after load. */
export const REGISTRATION_BANNER_DELAY_MS = 1_500;

/** The only page that invites: elsewhere (pricing, verifying an address) the visitor is already doing something. */
const INVITING_PATH = '/';

/**
 * Invites signed-out visitors on the home page to register, 1.5 s after the page loads; dismissible for this visit.
 * It stays mounted on every page, so leaving Home and coming back neither restarts the delay nor forgets a dismissal.
 */
export function RegistrationBanner() {
  const { user } = useAuth();
  const authModal = useAuthModal();
  const onHome = useRouterState({ select: (state) => state.location.pathname === INVITING_PATH });
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), REGISTRATION_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (user || !onHome || !due || dismissed) return null;
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
