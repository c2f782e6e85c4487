import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';
import { useConsentChoice } from '../../components/cookie-consent/consent-choice.ts';
import { useClearOfAsk } from './clear-of-ask.ts';

/** The banner appears 1.5 s after load. */
export const REGISTRATION_BANNER_DELAY_MS = 1_500;

/** The only page that invites: elsewhere (pricing, verifying an address) the visitor is already doing something. */
const INVITING_PATH = '/';

/**
 * Invites signed-out visitors on the home page to register, 1.5 s after the page loads; dismissible for this visit.
 * It stays mounted on every page, so leaving Home and coming back neither restarts the delay nor forgets a dismissal.
 * It floats over the bottom of the page rather than taking a place in it: arriving late, it must not push what the
 * visitor is already reading down the screen, and it never lies over the Ask button (see `clear-of-ask.ts`). It waits
 * while the cookie question is open, one question at a time.
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

  const consent = useConsentChoice();
  const cookieQuestionOpen = consent === 'pending';
  const shown = !user && onHome && due && !dismissed && !cookieQuestionOpen;
  const floating = useRef<HTMLDivElement>(null);
  // Never over Ask: at the top of the window (under the top bar) whenever the bottom would cover it.
  const place = useClearOfAsk(floating, shown);

  if (!shown) return null;
  return (
    <Box
      ref={floating}
      pos="fixed"
      right={16}
      left={{ base: 16, sm: 'auto' }}
      maw={{ sm: 440 }}
      style={{ zIndex: 150, ...(place === 'bottom' ? { bottom: 16 } : { top: 'calc(3.75rem * var(--mantine-scale) + 16px)' }) }}
      data-place={place}
    >
      <Alert
        // Opaque, with a shadow: it sits over the page.
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        variant="default"
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
    </Box>
  );
}
