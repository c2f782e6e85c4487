import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../../app-state/auth-context.tsx';
import { accountDeletedHere } from '../../app-state/deleted-account-memory.ts';

// Drawn 1.5 s after load at the earliest, and floating (it moves nothing): its code need not be in the first paint.
const FloatingInvitation = lazy(() => import('./floating-invitation.tsx'));

/** Spec sections 2 and 9: the banner appears 1.5 s after load. */
export const REGISTRATION_BANNER_DELAY_MS = 1_500;

/** The only page that invites: elsewhere (pricing, verifying an address) the visitor is already doing something. */
const INVITING_PATH = '/';

/**
 * Invites signed-out visitors on the home page to register, 1.5 s after the page loads; dismissible for this visit.
 * It stays mounted on every page, so leaving Home and coming back neither restarts the delay nor forgets a dismissal.
 * It floats over the bottom of the page rather than taking a place in it: arriving late, it must not push what the
 * visitor is already reading down the screen, and it never lies over the Ask button (see `layout/clear-of-ask/`). The
 * spec times it from the load alone, so it does not wait for the cookie question to be answered: while that is open,
 * the invitation floats above it.
 */
export function RegistrationBanner() {
  const { user } = useAuth();
  const onHome = useRouterState({ select: (state) => state.location.pathname === INVITING_PATH });
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), REGISTRATION_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // Its title promises free credits: not to a browser whose account was deleted (its address had them).
  const shown = !user && onHome && due && !dismissed && !accountDeletedHere();
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <FloatingInvitation onDismiss={() => setDismissed(true)} />
    </Suspense>
  );
}
